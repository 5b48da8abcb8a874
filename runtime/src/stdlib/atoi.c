/* atoi - decimal string to int, with strtol's parsing (no error reporting, as specified). */
#include <stdlib.h>

int atoi(const char* s) { return (int)strtol(s, NULL, 10); }
