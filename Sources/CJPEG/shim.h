#include <stdio.h> /* jpeglib.h needs FILE and size_t first */
#include <jpeglib.h>
