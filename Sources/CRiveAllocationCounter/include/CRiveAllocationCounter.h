#ifndef C_RIVE_ALLOCATION_COUNTER_H
#define C_RIVE_ALLOCATION_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/// Heap activity counted between CRiveAllocationCounter_start and _stop.
typedef struct {
  /// Calls to malloc, calloc, realloc (with a new block), posix_memalign and aligned_alloc.
  uint64_t allocations;
  /// Calls to free (and realloc releasing a block).
  uint64_t frees;
  /// Bytes requested by the allocations.
  uint64_t bytes;
  /// How much the heap's live blocks grew (usable sizes of the blocks allocated less those of
  /// the blocks freed, whenever these were allocated); negative when more was freed.
  int64_t netBytes;
  /// The largest `netBytes` reached while counting.
  int64_t peakNetBytes;
} CRiveAllocationCounts;

/// Whether heap calls are counted in this build (not under a sanitizer, which owns the
/// allocation functions itself). When false, the counts stay zero.
bool CRiveAllocationCounter_isAvailable(void);

/// Starts counting heap calls made by any thread of the process.
void CRiveAllocationCounter_start(void);

/// Stops counting and returns what was counted since the last start.
CRiveAllocationCounts CRiveAllocationCounter_stop(void);

#endif
