#ifndef C_RIVE_FORMAT_H
#define C_RIVE_FORMAT_H

#include <stddef.h>

/// Writes `value` in fixed-point notation with `decimals` digits after the point (the C
/// library's "%.*f", as the official runtime formats numbers) into `out`, which holds `size`
/// bytes, and returns the length written (without the terminating zero), or -1 when it does not
/// fit. Swift cannot call the variadic snprintf without building a va_list, which allocates.
int CRiveFormat_fixed(double value, int decimals, char *out, size_t size);

#endif
