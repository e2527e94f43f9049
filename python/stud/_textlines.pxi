# The lines of a text file for the history readers (stud.histories.io's
# _lines), iterated in C: each read with a bound, a \r\r\n taken as one line
# end, stray NULs dropped.

from cpython.unicode cimport PyUnicode_READ_CHAR


@cython.final
@cython.auto_pickle(False)
cdef class _TextLines:
    """The lines of ``handle`` (a text file), each read with
    ``readline(max_line + 1)``: a longer one is ``io.long_line``'s
    HistoryError (and the end of the lines; max_line is ``io.MAX_LINE``);
    ``first_line``: the number of the first."""
    cdef object readline, name
    cdef readonly long number  # the last line read (its number in the file)
    cdef Py_ssize_t max_line
    cdef bint bare_cr, done

    def __init__(self, handle, name, long first_line, Py_ssize_t max_line):
        self.readline = handle.readline
        self.name = name
        self.number = first_line - 1
        self.max_line = max_line

    def __iter__(self):
        return self

    def __next__(self):
        cdef Py_ssize_t n
        if self.done:
            raise StopIteration
        while True:
            line = self.readline(self.max_line + 1)
            if not line:
                self.done = True
                raise StopIteration
            self.number += 1
            if self.bare_cr and line == "\r\n":
                # a \r\n written as \r\r\n (a Windows program's text mode over
                # text that had its line ends already): one line end, not two
                self.bare_cr = False
                continue
            if type(line) is str:
                n = len(<str>line)
                self.bare_cr = n > 0 and PyUnicode_READ_CHAR(line, n - 1) == 13
            else:
                self.bare_cr = line.endswith("\r")
                n = len(line)
            if n > self.max_line:
                self.done = True
                from stud.histories.io import long_line
                raise long_line(self.name, self.number)
            return line.replace("\0", "") if "\0" in line else line  # (a stray NUL byte)


def _utf8_prefix(const unsigned char[::1] data) -> int:
    """The length of the longest prefix of ``data`` that is whole UTF-8
    characters as Python's strict "utf-8" codec reads them
    (src/studcore/utf8_valid.h), or -1 when an ill-formed sequence follows
    it; a character cut by the data's end is left out, not ill-formed."""
    cdef int bad = 0
    cdef size_t n
    if data.shape[0] == 0:
        return 0
    n = stud_utf8_valid(<const char *>&data[0], data.shape[0], &bad)
    return -1 if bad else <Py_ssize_t>n
