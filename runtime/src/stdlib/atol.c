/* atol, atoll - decimal string to long / long long. */
#include <stdlib.h>

long atol(const char* s) { return strtol(s, NULL, 10); }

long long atoll(const char* s) { return strtoll(s, NULL, 10); }
