/* errno - one global for the whole process until the thread runtime makes it per thread. */
#include <errno.h>

int errno;
