/*
 * CRiveImageShim: the only code that talks to the classic libpng and libjpeg APIs.
 *
 * Both libraries report fatal errors by longjmp, which Swift cannot survive, so every
 * setjmp, error manager and macro call stays in png.c and jpeg.c. Swift sees only this
 * header, which includes nothing but <stddef.h> and <stdint.h>.
 *
 * Decoding is two-step so that Swift owns the pixels and can check its budget first:
 *   1. CRiveImageShim_beginPNG / CRiveImageShim_beginJPEG read the header only and fill a
 *      CRiveImageShim_Header. No image-sized memory is allocated by this step.
 *   2. The caller checks width and height against its limits, allocates
 *      width * height * 4 bytes itself and calls CRiveImageShim_finishPNG / _finishJPEG,
 *      which write straight (unpremultiplied) RGBA8 rows, stride width * 4.
 *   3. CRiveImageShim_endPNG / _endJPEG release the decoder; call it exactly once for
 *      every decoder that begin returned, whether finish ran or failed.
 *
 * Every function that can fail returns a CRiveImageShim_Status and, on failure, writes a
 * NUL-terminated reason (truncated to fit) into `reason`, which may be NULL when
 * `reasonCapacity` is 0. The input bytes must stay valid and unchanged until end.
 */
#ifndef CRIVE_IMAGE_SHIM_H
#define CRIVE_IMAGE_SHIM_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
  CRiveImageShim_statusOK = 0,
  /* The bytes are not a valid image of this format. */
  CRiveImageShim_statusMalformed = 1,
  /* The bytes end before the image does. */
  CRiveImageShim_statusTruncated = 2,
  /* A feature the shim does not decode (e.g. an unknown JPEG colour space). */
  CRiveImageShim_statusUnsupported = 3,
  /* The library could not allocate its working memory. */
  CRiveImageShim_statusOutOfMemory = 4,
  /* A caller error: NULL pointer or a destination that is too small. */
  CRiveImageShim_statusInvalidArgument = 5,
} CRiveImageShim_Status;

/* Flags describing the stored image, for diagnostics; decoding always yields RGBA8. */
enum {
  CRiveImageShim_flagHasAlpha = 1u << 0,     /* alpha channel or tRNS chunk */
  CRiveImageShim_flagGrey = 1u << 1,         /* greyscale source */
  CRiveImageShim_flagPalette = 1u << 2,      /* PNG palette */
  CRiveImageShim_flagInterlaced = 1u << 3,   /* PNG Adam7 */
  CRiveImageShim_flagSixteenBit = 1u << 4,   /* PNG 16 bits per sample, stripped to 8 */
  CRiveImageShim_flagProgressive = 1u << 5,  /* JPEG progressive */
  CRiveImageShim_flagCMYK = 1u << 6,         /* JPEG CMYK or YCCK, converted to RGB */
  CRiveImageShim_flagAdobeInverted = 1u << 7 /* JPEG Adobe marker: CMYK stored inverted */
};

typedef struct {
  uint32_t width;
  uint32_t height;
  uint32_t flags;
  /* PNG: bit depth (1-16); JPEG: data precision (8). */
  uint32_t bitDepth;
} CRiveImageShim_Header;

typedef struct CRiveImageShim_PNGDecoder CRiveImageShim_PNGDecoder;
typedef struct CRiveImageShim_JPEGDecoder CRiveImageShim_JPEGDecoder;

/* Reads the PNG signature and IHDR. On success *decoder is set and must be ended. */
CRiveImageShim_Status CRiveImageShim_beginPNG(const uint8_t *bytes, size_t count,
                                              CRiveImageShim_PNGDecoder **decoder,
                                              CRiveImageShim_Header *header,
                                              char *reason, size_t reasonCapacity);

/* Decodes all rows into `destination` (at least width * height * 4 bytes). */
CRiveImageShim_Status CRiveImageShim_finishPNG(CRiveImageShim_PNGDecoder *decoder,
                                               uint8_t *destination, size_t capacity,
                                               char *reason, size_t reasonCapacity);

/* Releases a decoder from CRiveImageShim_beginPNG. NULL is ignored. */
void CRiveImageShim_endPNG(CRiveImageShim_PNGDecoder *decoder);

/*
 * Reads the JPEG markers up to the first scan. A "premature end of JPEG file" is an
 * error (CRiveImageShim_statusTruncated), never grey padding; other libjpeg warnings
 * (such as extraneous bytes before a marker) are accepted. The IDCT is JDCT_ISLOW.
 */
CRiveImageShim_Status CRiveImageShim_beginJPEG(const uint8_t *bytes, size_t count,
                                               CRiveImageShim_JPEGDecoder **decoder,
                                               CRiveImageShim_Header *header,
                                               char *reason, size_t reasonCapacity);

/* Decodes all rows into `destination` (at least width * height * 4 bytes). */
CRiveImageShim_Status CRiveImageShim_finishJPEG(CRiveImageShim_JPEGDecoder *decoder,
                                                uint8_t *destination, size_t capacity,
                                                char *reason, size_t reasonCapacity);

/* Releases a decoder from CRiveImageShim_beginJPEG. NULL is ignored. */
void CRiveImageShim_endJPEG(CRiveImageShim_JPEGDecoder *decoder);

#endif /* CRIVE_IMAGE_SHIM_H */
