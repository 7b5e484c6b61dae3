// Counts heap calls for the benchmarks' "allocations per frame" figures.
//
// The benchmark executable defines the allocation functions itself, which makes the dynamic
// linker route every caller in the process (the Swift runtime included) here; each forwards to
// glibc's own implementation (the __libc_* entry points glibc exports for this purpose) and
// counts while counting is switched on. Only rive-bench (and the tests that run its suites)
// links this target.
//
// Under a sanitizer the sanitizer's runtime owns the allocation functions; defining them again
// here would bypass its interception and crash the process at start-up. Such builds define no
// allocation functions and report counting as unavailable.
#define _GNU_SOURCE
#include "CRiveAllocationCounter.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);

#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define RIVE_COUNTER_UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define RIVE_COUNTER_UNDER_SANITIZER 1
#endif
#endif

static atomic_bool counting = false;
static atomic_uint_fast64_t allocations = 0;
static atomic_uint_fast64_t frees = 0;
static atomic_uint_fast64_t bytes = 0;

#ifndef RIVE_COUNTER_UNDER_SANITIZER

static void count_allocation(size_t size) {
  if (atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&bytes, size, memory_order_relaxed);
  }
}

static void count_free(void *pointer) {
  if (pointer != NULL && atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
  }
}

void *malloc(size_t size) {
  count_allocation(size);
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  count_allocation(count * size);
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  void *result = __libc_realloc(pointer, size);
  if (result != pointer) {
    count_allocation(size);
    count_free(pointer);
  }
  return result;
}

void free(void *pointer) {
  count_free(pointer);
  __libc_free(pointer);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) {
    return EINVAL;
  }
  void *result = __libc_memalign(alignment, size);
  if (result == NULL) {
    return ENOMEM;
  }
  count_allocation(size);
  *out = result;
  return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
  count_allocation(size);
  return __libc_memalign(alignment, size);
}

#endif  // RIVE_COUNTER_UNDER_SANITIZER

bool CRiveAllocationCounter_isAvailable(void) {
#ifdef RIVE_COUNTER_UNDER_SANITIZER
  return false;
#else
  return true;
#endif
}

void CRiveAllocationCounter_start(void) {
  atomic_store(&allocations, 0);
  atomic_store(&frees, 0);
  atomic_store(&bytes, 0);
  atomic_store(&counting, true);
}

CRiveAllocationCounts CRiveAllocationCounter_stop(void) {
  atomic_store(&counting, false);
  CRiveAllocationCounts counts = {
      atomic_load(&allocations), atomic_load(&frees), atomic_load(&bytes)};
  return counts;
}
