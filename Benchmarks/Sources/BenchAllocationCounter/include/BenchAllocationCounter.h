#ifndef BENCH_ALLOCATION_COUNTER_H
#define BENCH_ALLOCATION_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/// Whether this build counts heap allocations (glibc on Linux); elsewhere the count stays 0.
bool bench_allocation_counting_available(void);

/// Heap allocations (malloc, calloc, realloc, aligned allocations) made so far by the process.
uint64_t bench_allocation_count(void);

#endif
