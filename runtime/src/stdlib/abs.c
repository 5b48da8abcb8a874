/* abs, labs, llabs - absolute value (of the most negative value: undefined, returns it as is). */
#include <stdlib.h>

int abs(int x) { return x < 0 ? (int)-(unsigned)x : x; }

long labs(long x) { return x < 0 ? (long)-(unsigned long)x : x; }

long long llabs(long long x) { return x < 0 ? (long long)-(unsigned long long)x : x; }
