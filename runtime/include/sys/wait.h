/* sys/wait.h - waiting for child processes. A status is encoded as on Linux: exit status << 8 for
 * a normal exit, the signal number in the low 7 bits for a child a signal ended. */
#ifndef _SYS_WAIT_H
#define _SYS_WAIT_H

#include <sys/types.h>
#include <signal.h>

#define WNOHANG 1 /* return 0 at once if no child has ended yet */

#define WEXITSTATUS(s) (((s) & 0xff00) >> 8)
#define WTERMSIG(s) ((s) & 0x7f)
#define WIFEXITED(s) (WTERMSIG(s) == 0)
#define WIFSIGNALED(s) (((s) & 0x7f) != 0 && ((s) & 0x7f) != 0x7f)

struct rusage;

/* Wait for child pid (-1: any child) to end: its pid, with WNOHANG 0 if none has ended, or -1
 * with errno (ECHILD: no such child). waitpid is wait4 without resource usage. */
pid_t waitpid(pid_t pid, int* status, int options);
pid_t wait4(pid_t pid, int* status, int options, struct rusage* ru);

#define WUNTRACED 2
#define WSTOPPED 2
#define WEXITED 4
#define WCONTINUED 8
#define WNOWAIT 0x01000000
#define WIFSTOPPED(s) (((s) & 0xff) == 0x7f)
#define WSTOPSIG(s) WEXITSTATUS(s)
#define WCOREDUMP(s) ((s) & 0x80)

/* wait for any child: waitpid(-1, status, 0). */
pid_t wait(int* status);

typedef enum { P_ALL = 0, P_PID = 1, P_PGID = 2 } idtype_t;
/* Wait for a child of type and id (WEXITED, WNOHANG, WNOWAIT, ...), filling *info: 0, or -1
 * with errno. */
int waitid(idtype_t type, id_t id, siginfo_t* info, int options);

#endif /* _SYS_WAIT_H */
