/*
 * JPEG side of CRiveImageShim: libjpeg(-turbo) decompression from memory.
 *
 * libjpeg's default error_exit calls exit(); it is replaced by one that longjmps back to
 * the running shim function. output_message is silenced. A "premature end of JPEG file"
 * warning (JWRN_JPEG_EOF, raised when the data runs out and libjpeg would pad with grey)
 * is turned into a CRiveImageShim_statusTruncated error; other warnings are accepted.
 *
 * Output is RGBA8 through libjpeg-turbo's JCS_EXT_RGBA, with the accurate integer IDCT
 * (JDCT_ISLOW) and libjpeg's default fancy upsampling. CMYK and YCCK files cannot use
 * JCS_EXT_RGBA; they are decoded as JCS_CMYK and converted here: with an Adobe APP14
 * marker the samples are inverted (as Adobe writes them), so R = C * K / 255; without one
 * R = (255 - C) * (255 - K) / 255; likewise G from M and B from Y.
 */
#include "CRiveImageShim.h"
#include "shared.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

typedef struct {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  int truncated;
  char message[JMSG_LENGTH_MAX];
} ShimErrorManager;

struct CRiveImageShim_JPEGDecoder {
  struct jpeg_decompress_struct info;
  ShimErrorManager error;
  CRiveImageShim_Header header;
};

static void jpegErrorExit(j_common_ptr info) {
  ShimErrorManager *error = (ShimErrorManager *)info->err;
  info->err->format_message(info, error->message);
  longjmp(error->jump, 1);
}

static void jpegEmitMessage(j_common_ptr info, int level) {
  if (level >= 0) {
    return; /* trace messages */
  }
  ShimErrorManager *error = (ShimErrorManager *)info->err;
  if (info->err->msg_code == JWRN_JPEG_EOF) {
    error->truncated = 1;
    info->err->format_message(info, error->message);
    longjmp(error->jump, 1);
  }
  info->err->num_warnings++;
}

static void jpegOutputMessage(j_common_ptr info) { (void)info; }

static CRiveImageShim_Status failure(struct CRiveImageShim_JPEGDecoder *decoder, char *reason,
                                     size_t capacity) {
  CRiveImageShim_writeReason(reason, capacity, decoder->error.message);
  if (decoder->error.truncated) {
    return CRiveImageShim_statusTruncated;
  }
  switch (decoder->error.manager.msg_code) {
  case JERR_OUT_OF_MEMORY:
    return CRiveImageShim_statusOutOfMemory;
  case JERR_CONVERSION_NOTIMPL:
  case JERR_BAD_PRECISION:
  case JERR_NOT_COMPILED:
    return CRiveImageShim_statusUnsupported;
  default:
    return CRiveImageShim_statusMalformed;
  }
}

CRiveImageShim_Status CRiveImageShim_beginJPEG(const uint8_t *bytes, size_t count,
                                               CRiveImageShim_JPEGDecoder **result,
                                               CRiveImageShim_Header *header, char *reason,
                                               size_t reasonCapacity) {
  if (result == NULL || header == NULL || bytes == NULL || count == 0) {
    CRiveImageShim_writeReason(reason, reasonCapacity, count == 0 ? "no bytes" : "invalid argument");
    return count == 0 ? CRiveImageShim_statusTruncated : CRiveImageShim_statusInvalidArgument;
  }
  *result = NULL;
  struct CRiveImageShim_JPEGDecoder *decoder = calloc(1, sizeof *decoder);
  if (decoder == NULL) {
    CRiveImageShim_writeReason(reason, reasonCapacity, "out of memory");
    return CRiveImageShim_statusOutOfMemory;
  }
  decoder->info.err = jpeg_std_error(&decoder->error.manager);
  decoder->error.manager.error_exit = jpegErrorExit;
  decoder->error.manager.emit_message = jpegEmitMessage;
  decoder->error.manager.output_message = jpegOutputMessage;
  if (setjmp(decoder->error.jump)) {
    CRiveImageShim_Status status = failure(decoder, reason, reasonCapacity);
    CRiveImageShim_endJPEG(decoder);
    return status;
  }
  /* jpeg_create_decompress may itself long-jump (out of memory while it builds the memory
   * manager's pools, or a library version mismatch); the handler above then ends the decoder,
   * which destroys whatever part of the decompressor exists (see CRiveImageShim_endJPEG). */
  jpeg_create_decompress(&decoder->info);
  jpeg_mem_src(&decoder->info, bytes, (unsigned long)count);
  jpeg_read_header(&decoder->info, TRUE);

  struct jpeg_decompress_struct *info = &decoder->info;
  uint32_t flags = 0;
  switch (info->jpeg_color_space) {
  case JCS_GRAYSCALE:
    flags |= CRiveImageShim_flagGrey;
    break;
  case JCS_YCbCr:
  case JCS_RGB:
    break;
  case JCS_CMYK:
  case JCS_YCCK:
    flags |= CRiveImageShim_flagCMYK;
    if (info->saw_Adobe_marker) {
      flags |= CRiveImageShim_flagAdobeInverted;
    }
    break;
  default:
    CRiveImageShim_writeReason(reason, reasonCapacity, "unsupported JPEG colour space");
    CRiveImageShim_endJPEG(decoder);
    return CRiveImageShim_statusUnsupported;
  }
  if (info->progressive_mode) {
    flags |= CRiveImageShim_flagProgressive;
  }
  decoder->header.width = info->image_width;
  decoder->header.height = info->image_height;
  decoder->header.flags = flags;
  decoder->header.bitDepth = (uint32_t)info->data_precision;
  *header = decoder->header;
  *result = decoder;
  return CRiveImageShim_statusOK;
}

/* Converts one row of CMYK samples, in place, to RGBA (4 bytes per pixel both ways). */
static void convertCMYKRow(uint8_t *row, uint32_t width, int inverted) {
  for (uint32_t x = 0; x < width; x++) {
    uint8_t *pixel = row + (size_t)x * 4;
    unsigned c = pixel[0], m = pixel[1], y = pixel[2], k = pixel[3];
    if (!inverted) {
      c = 255 - c;
      m = 255 - m;
      y = 255 - y;
      k = 255 - k;
    }
    pixel[0] = (uint8_t)((c * k + 127) / 255);
    pixel[1] = (uint8_t)((m * k + 127) / 255);
    pixel[2] = (uint8_t)((y * k + 127) / 255);
    pixel[3] = 255;
  }
}

CRiveImageShim_Status CRiveImageShim_finishJPEG(CRiveImageShim_JPEGDecoder *decoder,
                                                uint8_t *destination, size_t capacity,
                                                char *reason, size_t reasonCapacity) {
  CRiveImageShim_Status checked =
      CRiveImageShim_checkFinish(decoder != NULL ? &decoder->header : NULL, destination, capacity,
                                 reason, reasonCapacity);
  if (checked != CRiveImageShim_statusOK) {
    return checked;
  }
  size_t stride = (size_t)decoder->header.width * 4;
  struct jpeg_decompress_struct *info = &decoder->info;
  int isCMYK = (decoder->header.flags & CRiveImageShim_flagCMYK) != 0;
  int inverted = (decoder->header.flags & CRiveImageShim_flagAdobeInverted) != 0;
  if (setjmp(decoder->error.jump)) {
    return failure(decoder, reason, reasonCapacity);
  }
  info->out_color_space = isCMYK ? JCS_CMYK : JCS_EXT_RGBA;
  info->dct_method = JDCT_ISLOW;
  jpeg_start_decompress(info);
  if (info->output_width != decoder->header.width ||
      info->output_height != decoder->header.height || info->output_components != 4) {
    CRiveImageShim_writeReason(reason, reasonCapacity, "libjpeg did not produce 4 bytes per pixel");
    return CRiveImageShim_statusUnsupported;
  }
  JSAMPROW rows[16];
  while (info->output_scanline < info->output_height) {
    JDIMENSION first = info->output_scanline;
    JDIMENSION wanted = info->output_height - first;
    if (wanted > 16) {
      wanted = 16;
    }
    for (JDIMENSION index = 0; index < wanted; index++) {
      rows[index] = destination + (size_t)(first + index) * stride;
    }
    JDIMENSION read = jpeg_read_scanlines(info, rows, wanted);
    if (read == 0) {
      CRiveImageShim_writeReason(reason, reasonCapacity, "libjpeg returned no scanlines");
      return CRiveImageShim_statusMalformed;
    }
    if (isCMYK) {
      for (JDIMENSION index = 0; index < read; index++) {
        convertCMYKRow(rows[index], decoder->header.width, inverted);
      }
    }
  }
  return CRiveImageShim_statusOK;
}

void CRiveImageShim_endJPEG(CRiveImageShim_JPEGDecoder *decoder) {
  if (decoder == NULL) {
    return;
  }
  /* Always safe, on every path: the decoder is calloc'd, so `info.mem` is NULL until
   * jpeg_create_decompress has made the memory manager, and jpeg_destroy_decompress frees only
   * through `info.mem`. A create that long-jumped halfway (memory manager made, later pools not)
   * is therefore freed too; a flag set after the create returned would miss exactly that case. */
  jpeg_destroy_decompress(&decoder->info);
  free(decoder);
}
