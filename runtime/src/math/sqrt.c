/* sqrt - square root with the FPU's sqrt.d, which IEEE 754 requires to be correctly rounded.
 * The math functions are built with -fno-math-errno (runtime/CMakeLists.txt), so gcc expands
 * __builtin_sqrt to the bare instruction instead of calling back into sqrt. */
#include <math.h>

double sqrt(double x) { return __builtin_sqrt(x); }
