/* atof - strtod without the end pointer, as C defines it. */
#include <stdlib.h>

double atof(const char* s) { return strtod(s, 0); }
