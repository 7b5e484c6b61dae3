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
#include <malloc.h>
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
static atomic_int_fast64_t net = 0;
static atomic_int_fast64_t peak = 0;

// Raises the peak to `value` when it is higher.
static void note_peak(int_fast64_t value) {
  int_fast64_t seen = atomic_load_explicit(&peak, memory_order_relaxed);
  while (value > seen &&
         !atomic_compare_exchange_weak_explicit(&peak, &seen, value, memory_order_relaxed,
                                                memory_order_relaxed)) {
  }
}

#ifndef RIVE_COUNTER_UNDER_SANITIZER

// `block` is the new block (NULL when the allocation failed); its usable size is added to
// the net growth.
static void count_allocation(size_t size, void *block) {
  if (atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&bytes, size, memory_order_relaxed);
    if (block != NULL) {
      int_fast64_t size = (int_fast64_t)malloc_usable_size(block);
      note_peak(atomic_fetch_add_explicit(&net, size, memory_order_relaxed) + size);
    }
  }
}

// Called while `pointer` is still allocated.
static void count_free(void *pointer) {
  if (pointer != NULL && atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    atomic_fetch_sub_explicit(&net, (int_fast64_t)malloc_usable_size(pointer),
                              memory_order_relaxed);
  }
}

void *malloc(size_t size) {
  void *result = __libc_malloc(size);
  count_allocation(size, result);
  return result;
}

void *calloc(size_t count, size_t size) {
  void *result = __libc_calloc(count, size);
  count_allocation(count * size, result);
  return result;
}

void *realloc(void *pointer, size_t size) {
  // The old block's size is read before realloc may free it.
  bool tracked = pointer != NULL && atomic_load_explicit(&counting, memory_order_relaxed);
  size_t before = tracked ? malloc_usable_size(pointer) : 0;
  void *result = __libc_realloc(pointer, size);
  if (result != pointer) {
    count_allocation(size, result);
    if (pointer != NULL && atomic_load_explicit(&counting, memory_order_relaxed) &&
        (result != NULL || size == 0)) {
      atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
      atomic_fetch_sub_explicit(&net, (int_fast64_t)before, memory_order_relaxed);
    }
  } else if (tracked && result != NULL) {
    // Grown or shrunk in place.
    int_fast64_t change = (int_fast64_t)malloc_usable_size(result) - (int_fast64_t)before;
    note_peak(atomic_fetch_add_explicit(&net, change, memory_order_relaxed) + change);
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
  count_allocation(size, result);
  *out = result;
  return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
  void *result = __libc_memalign(alignment, size);
  count_allocation(size, result);
  return result;
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
  atomic_store(&net, 0);
  atomic_store(&peak, 0);
  atomic_store(&counting, true);
}

CRiveAllocationCounts CRiveAllocationCounter_stop(void) {
  atomic_store(&counting, false);
  CRiveAllocationCounts counts = {atomic_load(&allocations), atomic_load(&frees),
                                  atomic_load(&bytes), atomic_load(&net), atomic_load(&peak)};
  return counts;
}
