#include "CRiveFormat.h"

#include <stdio.h>

int CRiveFormat_fixed(double value, int decimals, char *out, size_t size) {
  if (out == NULL || size == 0) return -1;
  if (decimals < 0) decimals = 0;
  int written = snprintf(out, size, "%.*f", decimals, value);
  if (written < 0 || (size_t)written >= size) return -1;
  return written;
}
