/* __errno_location - where errno lives for the running thread (<errno.h> makes errno a macro over
 * it).
 *
 * Without the thread library there is one thread and one slot, here. The thread library
 * (src/thread/) defines __pthread_errno_location, which returns the running thread's own slot in
 * its ThMB (the main thread's before any other exists); when a program links the library that
 * strong definition replaces the weak one below, the musl trick exit.c uses too, so a program
 * without threads pays nothing and never runs a thread instruction (it may run under
 * qemu-mipsel). */
#include <errno.h>

static int main_errno;

static int* main_slot(void) { return &main_errno; }
__attribute__((__weak__, __alias__("main_slot"))) int* __pthread_errno_location(void);

int* __errno_location(void) { return __pthread_errno_location(); }
