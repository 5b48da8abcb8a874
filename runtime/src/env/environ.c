/* environ - the environment vector, set by __start_c from the initial stack. */
#include <unistd.h>

char** environ;
