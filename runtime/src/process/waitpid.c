/* waitpid - wait for a child to end: wait4 without the resource usage. */
#include <sys/wait.h>

pid_t waitpid(pid_t pid, int* status, int options) { return wait4(pid, status, options, 0); }
