/*
 * PNG side of CRiveImageShim: classic libpng read API with a memory source.
 *
 * libpng reports fatal errors through the error callback, which must not return; it
 * longjmps back to the setjmp in whichever shim function is running. Warnings are
 * dropped (nothing is ever printed to stderr).
 */
#include "CRiveImageShim.h"
#include "shared.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The most libpng may allocate at once while reading chunks: the larger of this floor
 * (libpng's own PNG_USER_CHUNK_MALLOC_MAX under its safe limits) and the input's size.
 */
enum { CRiveImageShim_pngAllocationFloor = 8000000 };

struct CRiveImageShim_PNGDecoder {
  png_structp png;
  png_infop info;
  const uint8_t *bytes;
  size_t count;
  size_t offset;
  /* Set when libpng asked for bytes past the end of the input. */
  int ranOutOfData;
  /* The largest single allocation pngMalloc grants, and the first request it refused. */
  size_t allocationLimit;
  size_t refusedAllocation;
  char message[192];
  CRiveImageShim_Header header;
};

static void pngError(png_structp png, png_const_charp text) {
  struct CRiveImageShim_PNGDecoder *decoder = png_get_error_ptr(png);
  if (decoder != NULL) {
    snprintf(decoder->message, sizeof decoder->message, "%s", text != NULL ? text : "error");
  }
  png_longjmp(png, 1);
}

static void pngWarning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

/*
 * libpng's allocator. A chunk that merely claims a huge length (up to 2^31 - 1) makes libpng
 * allocate and clear that much before reading it, and its own chunk-size check only warns;
 * refusing here makes libpng skip the chunk or fail, and the decode reports why.
 */
static png_voidp pngMalloc(png_structp png, png_alloc_size_t size) {
  struct CRiveImageShim_PNGDecoder *decoder = png_get_mem_ptr(png);
  if (decoder != NULL && size > decoder->allocationLimit) {
    if (decoder->refusedAllocation == 0) {
      decoder->refusedAllocation = size;
    }
    return NULL;
  }
  return malloc(size);
}

static void pngFree(png_structp png, png_voidp pointer) {
  (void)png;
  free(pointer);
}

static void pngRead(png_structp png, png_bytep out, size_t length) {
  struct CRiveImageShim_PNGDecoder *decoder = png_get_io_ptr(png);
  if (length > decoder->count - decoder->offset) {
    decoder->ranOutOfData = 1;
    png_error(png, "the PNG data ends early");
  }
  memcpy(out, decoder->bytes + decoder->offset, length);
  decoder->offset += length;
}

static CRiveImageShim_Status failure(struct CRiveImageShim_PNGDecoder *decoder, char *reason,
                                     size_t capacity) {
  if (decoder->refusedAllocation != 0) {
    /* The refused allocation is the cause; what libpng said after it is a consequence. */
    if (reason != NULL && capacity > 0) {
      snprintf(reason, capacity,
               "reading a chunk needs %zu bytes, more than the limit of %zu (the larger of 8 MB "
               "and the input's size)",
               decoder->refusedAllocation, decoder->allocationLimit);
    }
    return CRiveImageShim_statusMalformed;
  }
  CRiveImageShim_writeReason(reason, capacity, decoder->message);
  return decoder->ranOutOfData ? CRiveImageShim_statusTruncated
                               : CRiveImageShim_statusMalformed;
}

CRiveImageShim_Status CRiveImageShim_beginPNG(const uint8_t *bytes, size_t count,
                                              CRiveImageShim_PNGDecoder **result,
                                              CRiveImageShim_Header *header, char *reason,
                                              size_t reasonCapacity) {
  if (result == NULL || header == NULL || (bytes == NULL && count > 0)) {
    CRiveImageShim_writeReason(reason, reasonCapacity, "invalid argument");
    return CRiveImageShim_statusInvalidArgument;
  }
  *result = NULL;
  struct CRiveImageShim_PNGDecoder *decoder = calloc(1, sizeof *decoder);
  if (decoder == NULL) {
    CRiveImageShim_writeReason(reason, reasonCapacity, "out of memory");
    return CRiveImageShim_statusOutOfMemory;
  }
  decoder->bytes = bytes;
  decoder->count = count;
  decoder->allocationLimit =
      count > CRiveImageShim_pngAllocationFloor ? count : CRiveImageShim_pngAllocationFloor;
  decoder->png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, decoder, pngError, pngWarning,
                                          decoder, pngMalloc, pngFree);
  if (decoder->png != NULL) {
    decoder->info = png_create_info_struct(decoder->png);
  }
  if (decoder->png == NULL || decoder->info == NULL) {
    CRiveImageShim_endPNG(decoder);
    CRiveImageShim_writeReason(reason, reasonCapacity, "out of memory");
    return CRiveImageShim_statusOutOfMemory;
  }
  if (setjmp(png_jmpbuf(decoder->png))) {
    CRiveImageShim_Status status = failure(decoder, reason, reasonCapacity);
    CRiveImageShim_endPNG(decoder);
    return status;
  }
  /* The caller enforces its own pixel budget; let every valid IHDR through. */
  png_set_user_limits(decoder->png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
  png_set_read_fn(decoder->png, decoder, pngRead);
  png_read_info(decoder->png, decoder->info);

  png_uint_32 width = 0;
  png_uint_32 height = 0;
  int bitDepth = 0;
  int colorType = 0;
  int interlace = 0;
  png_get_IHDR(decoder->png, decoder->info, &width, &height, &bitDepth, &colorType, &interlace,
               NULL, NULL);
  uint32_t flags = 0;
  if ((colorType & PNG_COLOR_MASK_ALPHA) != 0 ||
      png_get_valid(decoder->png, decoder->info, PNG_INFO_tRNS) != 0) {
    flags |= CRiveImageShim_flagHasAlpha;
  }
  if ((colorType & PNG_COLOR_MASK_COLOR) == 0) {
    flags |= CRiveImageShim_flagGrey;
  }
  if (colorType == PNG_COLOR_TYPE_PALETTE) {
    flags |= CRiveImageShim_flagPalette;
  }
  if (interlace != PNG_INTERLACE_NONE) {
    flags |= CRiveImageShim_flagInterlaced;
  }
  if (bitDepth == 16) {
    flags |= CRiveImageShim_flagSixteenBit;
  }
  decoder->header.width = width;
  decoder->header.height = height;
  decoder->header.flags = flags;
  decoder->header.bitDepth = (uint32_t)bitDepth;
  *header = decoder->header;
  *result = decoder;
  return CRiveImageShim_statusOK;
}

CRiveImageShim_Status CRiveImageShim_finishPNG(CRiveImageShim_PNGDecoder *decoder,
                                               uint8_t *destination, size_t capacity,
                                               char *reason, size_t reasonCapacity) {
  CRiveImageShim_Status checked =
      CRiveImageShim_checkFinish(decoder != NULL ? &decoder->header : NULL, destination, capacity,
                                 reason, reasonCapacity);
  if (checked != CRiveImageShim_statusOK) {
    return checked;
  }
  size_t stride = (size_t)decoder->header.width * 4;
  png_structp png = decoder->png;
  png_infop info = decoder->info;
  /* Row buffers (up to 8 bytes per pixel, twice, plus filter bytes) are within the
     caller's pixel budget, which it checked before calling. */
  size_t rowBudget = (size_t)decoder->header.width * 16 + 4096;
  if (rowBudget > decoder->allocationLimit) {
    decoder->allocationLimit = rowBudget;
  }
  if (setjmp(png_jmpbuf(png))) {
    return failure(decoder, reason, reasonCapacity);
  }
  int colorType = png_get_color_type(png, info);
  int bitDepth = png_get_bit_depth(png, info);
  /* Expand everything to 8-bit RGBA; gamma is left as stored (no png_set_gamma). */
  if (colorType == PNG_COLOR_TYPE_PALETTE) {
    png_set_palette_to_rgb(png);
  }
  if (colorType == PNG_COLOR_TYPE_GRAY && bitDepth < 8) {
    png_set_expand_gray_1_2_4_to_8(png);
  }
  if (png_get_valid(png, info, PNG_INFO_tRNS) != 0) {
    png_set_tRNS_to_alpha(png);
  }
  if (bitDepth == 16) {
    png_set_strip_16(png);
  }
  if ((colorType & PNG_COLOR_MASK_COLOR) == 0) {
    png_set_gray_to_rgb(png);
  }
  if ((colorType & PNG_COLOR_MASK_ALPHA) == 0 && png_get_valid(png, info, PNG_INFO_tRNS) == 0) {
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  }
  int passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != stride) {
    CRiveImageShim_writeReason(reason, reasonCapacity, "libpng did not produce 4 bytes per pixel");
    return CRiveImageShim_statusUnsupported;
  }
  uint32_t height = decoder->header.height;
  for (int pass = 0; pass < passes; pass++) {
    for (uint32_t y = 0; y < height; y++) {
      png_read_row(png, destination + (size_t)y * stride, NULL);
    }
  }
  return CRiveImageShim_statusOK;
}

void CRiveImageShim_endPNG(CRiveImageShim_PNGDecoder *decoder) {
  if (decoder == NULL) {
    return;
  }
  if (decoder->png != NULL) {
    png_destroy_read_struct(&decoder->png, decoder->info != NULL ? &decoder->info : NULL, NULL);
  }
  free(decoder);
}
