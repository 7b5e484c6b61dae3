#include "shared.h"

#include <stdio.h>

void CRiveImageShim_writeReason(char *reason, size_t capacity, const char *text) {
  if (reason != NULL && capacity > 0) {
    snprintf(reason, capacity, "%s", text);
  }
}

CRiveImageShim_Status CRiveImageShim_checkFinish(const CRiveImageShim_Header *header,
                                                 const uint8_t *destination, size_t capacity,
                                                 char *reason, size_t reasonCapacity) {
  if (header == NULL || destination == NULL) {
    CRiveImageShim_writeReason(reason, reasonCapacity, "invalid argument");
    return CRiveImageShim_statusInvalidArgument;
  }
  size_t stride = (size_t)header->width * 4;
  if (header->height != 0 && capacity / header->height < stride) {
    CRiveImageShim_writeReason(reason, reasonCapacity,
                               "destination is smaller than width * height * 4");
    return CRiveImageShim_statusInvalidArgument;
  }
  return CRiveImageShim_statusOK;
}
