/*
 * Helpers the PNG and JPEG sides share. They know nothing of either library, so the two
 * libraries' error paths stay separate.
 */
#ifndef CRIVE_IMAGE_SHIM_SHARED_H
#define CRIVE_IMAGE_SHIM_SHARED_H

#include "CRiveImageShim.h"

#include <stddef.h>
#include <stdint.h>

/* Writes `text` into `reason` (truncated to fit); does nothing when there is no room. */
void CRiveImageShim_writeReason(char *reason, size_t capacity, const char *text);

/*
 * Checks the arguments of a finish call: the decoder's header (NULL when there is no
 * decoder) and a destination of at least width * height * 4 bytes.
 */
CRiveImageShim_Status CRiveImageShim_checkFinish(const CRiveImageShim_Header *header,
                                                 const uint8_t *destination, size_t capacity,
                                                 char *reason, size_t reasonCapacity);

#endif
