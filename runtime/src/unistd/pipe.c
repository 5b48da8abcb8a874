/* pipe - pipe2 with no flags: MIPS's own pipe call returns the two descriptors in $v0 and $v1,
 * which a C stub cannot see. */
#include <unistd.h>

int pipe(int fds[2]) { return pipe2(fds, 0); }
