/* spawn.h - posix_spawn and posix_spawnp without file actions or attributes: the two pointers
 * must be NULL (EINVAL otherwise). The child is made with vfork and execve. */
#ifndef _SPAWN_H
#define _SPAWN_H

#include <sys/types.h>

typedef struct {
  int __unused;
} posix_spawnattr_t;
typedef struct {
  int __unused;
} posix_spawn_file_actions_t;

/* 0 with the child's pid at *pid, or an error number (ENOENT, ...; errno is not set). */
int posix_spawn(pid_t* __restrict pid, const char* __restrict path,
                const posix_spawn_file_actions_t* fa, const posix_spawnattr_t* __restrict attr,
                char* const argv[], char* const envp[]);
/* posix_spawn, looking file up in PATH when it has no '/'. */
int posix_spawnp(pid_t* __restrict pid, const char* __restrict file,
                 const posix_spawn_file_actions_t* fa, const posix_spawnattr_t* __restrict attr,
                 char* const argv[], char* const envp[]);

#endif /* _SPAWN_H */
