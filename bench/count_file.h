/* count_file.h: the start shared by bench/ps_count.c and bench/phh_count.c:
 * the file named on the command line read whole, and the replay flag. */
#ifndef BENCH_COUNT_FILE_H
#define BENCH_COUNT_FILE_H

#include <stdio.h>
#include <stdlib.h>

/* The bytes of argv[1] (one more allocated, for a NUL), their number in
 * *size, argv[2] (default 1) in *replay; NULL after a message when the
 * arguments or the file fail. */
static char *count_file(int argc, char **argv, const char *program, long *size, int *replay)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [replay 0|1]\n", program);
        return NULL;
    }
    *replay = argc > 2 ? atoi(argv[2]) : 1;
    FILE *f = fopen(argv[1], "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    *size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = *size >= 0 ? malloc((size_t)*size + 1) : NULL;
    if (!buf || fread(buf, 1, (size_t)*size, f) != (size_t)*size) {
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    return buf;
}

#endif
