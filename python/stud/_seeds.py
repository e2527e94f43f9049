"""Seeds for chunks of work, derived from the caller's seed."""


def chunk_seed(seed: int, index: int) -> int:
    """A 64-bit seed for chunk ``index`` of a job seeded with ``seed`` (a
    splitmix64-style mix), so a job cut into fixed chunks gives the same
    results however the chunks are spread over threads or processes."""
    z = (seed * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)
