// Counts heap allocations for bridgecodec-bench, which links this file only.
//
// On glibc, a program that defines malloc and friends replaces them for every library it loads,
// the Swift runtime included. Each replacement counts and forwards to glibc's own entry points
// (__libc_malloc and so on), so nothing else changes. Elsewhere the counter is simply absent.
#include "BenchAllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static uint64_t allocations;

// A relaxed load and store, not an atomic add: the benchmark counts on one thread, and a locked
// add on every allocation would slow the timed rows (Foundation's most, as it allocates most) by
// a cost no app pays. Another thread's allocation racing with one here may go uncounted; none
// is timed or counted.
static inline void count_allocation(void) {
    __atomic_store_n(&allocations, __atomic_load_n(&allocations, __ATOMIC_RELAXED) + 1, __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
    count_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_allocation();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) {
        return EINVAL;
    }
    count_allocation();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

bool bench_allocation_counting_available(void) {
    return true;
}

uint64_t bench_allocation_count(void) {
    return __atomic_load_n(&allocations, __ATOMIC_RELAXED);
}

#else

bool bench_allocation_counting_available(void) {
    return false;
}

uint64_t bench_allocation_count(void) {
    return 0;
}

#endif
