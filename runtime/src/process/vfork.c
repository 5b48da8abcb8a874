/* vfork - fork. POSIX allows it; a real vfork in C is unsafe (the child would return through
 * the parent's stack frame), and musl does the same where it has no assembly for it. Programs
 * that rely on a vfork child sharing memory (setting a variable the parent reads) see a copy. */
#include <unistd.h>

pid_t vfork(void) { return fork(); }
