/* exec: load a static ELF32 MIPS executable into a new address space and give it the Linux o32
 * initial stack, so the same file runs here and under qemu-mipsel.
 *
 * The initial stack, from $sp up: argc, argv[0..argc-1], 0, envp[0..envc-1], 0, auxv pairs ending
 * with AT_NULL, then (up to USTACKTOP) the argument strings, the environment strings and the 16
 * AT_RANDOM bytes. $sp is 16-byte aligned. The whole block sits stack_offset bytes below USTACKTOP:
 * 0 unless kasane-sim was given a perturbation seed (include/kasane/bootinfo.h says why). */
#include <kasane/bootinfo.h>

#include "defs.h"
#include "elf.h"
#include "fs.h"
#include "mips.h"
#include "param.h"
#include "errno.h"
#include "proc.h"

#define BRKLIMIT (USTACKTOP - USTACKMAX - USTACKGUARD) /* user image and heap end below this */
#define NAUXV 17                                       /* auxv pairs, AT_NULL included */

/* The boot image's program stays in memory: spawn can start it again by name. */
static const uint8_t* boot_program;
static uint32_t boot_program_size;
static const char* boot_argv0;
static uint32_t stack_offset; /* bootinfo's, checked by main: a multiple of 16, at most 1024 */

/* Errors exec_path() returns that the caller turns into errno values. */
const char EXEC_ENOENT[] = "no such file";
const char EXEC_EFAULT[] = "bad address";
const char EXEC_E2BIG[] = "arguments too long";
const char EXEC_ENOMEM[] = "out of memory";

/* The part of path after its last '/'. */
static const char* p_basename(const char* path) {
  const char* base = path;
  for (; *path; path++)
    if (*path == '/') base = path + 1;
  return base;
}

/* Where a program comes from: the boot image in memory, or a file. */
struct execsrc {
  const uint8_t* mem; /* the whole file, or 0 */
  struct inode* ip;   /* or this file */
  uint32_t size;
};

/* Read n bytes at offset off of the program file into kernel memory dst. 0, or -1. */
static int srcread(const struct execsrc* src, void* dst, uint32_t off, uint32_t n) {
  if (off > src->size || n > src->size - off) return -1;
  if (src->mem) {
    memcpy(dst, src->mem + off, n);
    return 0;
  }
  return readi(src->ip, 0, (uint32_t)dst, off, n) == (int)n ? 0 : -1;
}

/* Copy of program header i of the image. */
static struct proghdr phdr(const struct execsrc* img, const struct elfhdr* eh, uint32_t i) {
  struct proghdr ph;
  if (srcread(img, &ph, eh->phoff + i * sizeof ph, sizeof ph) < 0) memset(&ph, 0, sizeof ph);
  return ph;
}

/* Check that img[0..size) is an executable this kernel can run, filling *eh. Returns 0, or why
 * not. Every later step trusts what this checks. */
static const char* checkelf(const struct execsrc* img, struct elfhdr* eh) {
  uint32_t size = img->size;
  if (size < sizeof *eh || srcread(img, eh, 0, sizeof *eh) < 0)
    return "file too short for an ELF header";
  if (eh->magic != ELF_MAGIC) return "not an ELF file (bad magic)";
  if (eh->class != ELFCLASS32) return "not a 32-bit ELF file";
  if (eh->data != ELFDATA2LSB) return "not a little-endian ELF file";
  if (eh->type != ET_EXEC) return "not an executable (ELF type is not ET_EXEC)";
  if (eh->machine != EM_MIPS) return "not a MIPS executable";
  if (eh->phentsize != sizeof(struct proghdr)) return "bad program header size";
  if (eh->phnum == 0) return "no program headers";
  if (eh->phoff > size || eh->phnum * sizeof(struct proghdr) > size - eh->phoff)
    return "program headers outside the file";
  for (uint32_t i = 0; i < eh->phnum; i++) {
    struct proghdr ph = phdr(img, eh, i);
    if (ph.type == PT_INTERP) return "dynamically linked (has an interpreter); link it -static";
    if (ph.type != PT_LOAD) continue;
    if (ph.filesz > ph.memsz) return "segment file size exceeds its memory size";
    if (ph.offset > size || ph.filesz > size - ph.offset) return "segment outside the file";
    if (ph.vaddr < USERBASE || ph.vaddr >= BRKLIMIT || ph.memsz > BRKLIMIT - ph.vaddr)
      return "segment outside user memory";
  }
  return 0;
}

/* Map the PT_LOAD segment ph of img into vm: its bytes from the file, zeros up to memsz, writable
 * pages (D = 1) only if the segment is writable. A page shared with another segment keeps its
 * contents and becomes writable if either is. 0, or -1 if memory ran out. */
static int loadseg(struct vmspace* vm, const struct execsrc* img, const struct proghdr* ph) {
  uint32_t perm = (ph->flags & PF_W) ? PTE_D : 0;
  uint32_t fileend = ph->vaddr + ph->filesz;
  for (uint32_t va = PGROUNDDOWN(ph->vaddr); va < ph->vaddr + ph->memsz; va += PGSIZE) {
    char* k = uvm_page(vm, va, perm);
    if (k == 0) return -1;
    uint32_t lo = va > ph->vaddr ? va : ph->vaddr;
    uint32_t hi = MIN(va + PGSIZE, fileend);
    if (lo < hi && srcread(img, k + (lo - va), ph->offset + (lo - ph->vaddr), hi - lo) < 0)
      return -1;
  }
  return 0;
}

/* Address of the program headers in the loaded image (AT_PHDR); 0 if no segment holds them. */
static uint32_t phdraddr(const struct execsrc* img, const struct elfhdr* eh) {
  uint32_t end = eh->phoff + eh->phnum * sizeof(struct proghdr);
  for (uint32_t i = 0; i < eh->phnum; i++) {
    struct proghdr ph = phdr(img, eh, i);
    if (ph.type == PT_PHDR) return ph.vaddr;
    if (ph.type == PT_LOAD && ph.offset <= eh->phoff && end <= ph.offset + ph.filesz)
      return ph.vaddr + (eh->phoff - ph.offset);
  }
  return 0;
}

/* Copy n bytes from src to user address va of vm, in stack pages that setupstack has mapped. */
static void put(struct vmspace* vm, uint32_t va, const void* src, uint32_t n) {
  /* Not from user mode: setupstack mapped these pages (or failed first). */
  if (copyout(vm, va, src, n) < 0) panic("exec: initial stack at 0x%x not mapped", va);
}

/* Copy a packed block of count NUL-terminated strings (a boot-protocol argument or environment
 * block) to user address va, storing the address of each string at vec[0..count-1]. Returns the
 * address after the block. The block must hold count strings exactly (kasane-sim promises it). */
static uint32_t putstrings(struct vmspace* vm, uint32_t va, const char* blk, uint32_t size,
                           uint32_t count, uint32_t vec) {
  uint32_t off = 0;
  for (uint32_t i = 0; i < count; i++) {
    uint32_t len = strnlen(blk + off, size - off);
    /* Not from user mode: boot, before any program runs. */
    if (off + len >= size) panic("exec: boot block holds fewer than %u strings", count);
    uint32_t a = va + off;
    put(vm, vec + 4 * i, &a, 4);
    off += len + 1;
  }
  /* Not from user mode: boot, before any program runs. */
  if (off != size) panic("exec: boot block has %u bytes after its %u strings", size - off, count);
  put(vm, va, blk, size);
  return va + size;
}

/* Arguments and environment as packed NUL-terminated strings in kernel memory. */
struct execargs {
  uint32_t argc, args_size, envc, env_size;
  const char *args, *env;
};

/* Build the initial stack in vm for the program whose header is eh. Returns $sp, or 0 if memory
 * ran out. */
static uint32_t setupstack(struct vmspace* vm, const struct execargs* bi, const struct elfhdr* eh,
                           uint32_t phdr_va) {
  uint32_t nvec = 1 + bi->argc + 1 + bi->envc + 1 + 2 * NAUXV;
  uint32_t strings = USTACKTOP - 16 - stack_offset - bi->env_size - bi->args_size;
  uint32_t sp = (strings - 4 * nvec) & ~15u;
  if (uvm_alloc(vm, PGROUNDDOWN(sp) - USTACKEAGER, USTACKTOP, PTE_D) < 0) return 0;

  uint32_t argv = sp + 4, envp = argv + 4 * (bi->argc + 1), auxv = envp + 4 * (bi->envc + 1);
  uint32_t envstrings = putstrings(vm, strings, bi->args, bi->args_size, bi->argc, argv);
  uint32_t random = putstrings(vm, envstrings, bi->env, bi->env_size, bi->envc, envp);
  uint32_t rnd[4] = {0x6b61736bu, 0x616e6521u, 0x2a2a2a2au, 0x13579bdfu}; /* fixed: runs repeat */
  uint32_t aux[2 * NAUXV] = {
      AT_PHDR, phdr_va, AT_PHENT, sizeof(struct proghdr), AT_PHNUM, eh->phnum,
      AT_PAGESZ, PGSIZE, AT_BASE, 0, AT_FLAGS, 0, AT_ENTRY, eh->entry,
      AT_UID, 0, AT_EUID, 0, AT_GID, 0, AT_EGID, 0, AT_HWCAP, 0, AT_CLKTCK, 100,
      AT_SECURE, 0, AT_RANDOM, random, AT_EXECFN, bi->argc ? strings : 0, AT_NULL, 0};
  uint32_t argc = bi->argc, zero = 0;
  put(vm, random, rnd, sizeof rnd);
  put(vm, sp, &argc, 4);
  put(vm, argv + 4 * argc, &zero, 4);
  put(vm, envp + 4 * bi->envc, &zero, 4);
  put(vm, auxv, aux, sizeof aux);
  return sp;
}

/* Name p after the basename of its argv[0] (or of its path, with no arguments). */
static void setname(struct proc* p, const char* s) {
  const char* base = s;
  for (; *s; s++)
    if (*s == '/') base = s + 1;
  safestrcpy(p->name, base, sizeof p->name);
}

/* Replace p's user memory with the program img, started with args; p's context 0 is set to
 * enter it. Returns 0, or why the program cannot run (p is then unchanged). */
static const char* load(struct proc* p, const struct execsrc* img, const struct execargs* args,
                        const char* path) {
  struct elfhdr eh;
  const char* why = checkelf(img, &eh);
  if (why) return why;
  if (args->args_size + args->env_size > ARGMAX) return "arguments and environment too long";

  /* Loading maps every page of every segment, bss included, zeroing each: a program whose
   * segments alone need more pages than are free would spend a long while zeroing before it ran
   * out. Refuse it at once instead. */
  uint32_t pages = 0;
  for (uint32_t i = 0; i < eh.phnum; i++) {
    struct proghdr ph = phdr(img, &eh, i);
    if (ph.type == PT_LOAD)
      pages += (PGROUNDUP(ph.vaddr + ph.memsz) - PGROUNDDOWN(ph.vaddr)) / PGSIZE;
  }
  if (pages > kfreepages()) return EXEC_ENOMEM;

  struct vmspace vm;
  if (uvm_create(&vm, p->vm.asid) < 0) return EXEC_ENOMEM;
  uint32_t top = 0;
  for (uint32_t i = 0; i < eh.phnum; i++) {
    struct proghdr ph = phdr(img, &eh, i);
    if (ph.type != PT_LOAD) continue;
    if (loadseg(&vm, img, &ph) < 0) goto oom;
    if (ph.vaddr + ph.memsz > top) top = ph.vaddr + ph.memsz;
  }
  vm.brkbase = vm.brk = PGROUNDUP(top);
  uint32_t sp = setupstack(&vm, args, &eh, phdraddr(img, &eh));
  if (sp == 0) goto oom;

  struct vmspace old = p->vm;
  p->vm = vm;
  if (old.pgdir) uvm_free(&old);
  setname(p, args->argc ? args->args : path);
  struct trapframe* tf = p->kt[0].tf;
  memset(tf, 0, sizeof *tf);
  tf->regs[REG_SP] = sp;
  tf->epc = eh.entry;
  /* User mode after eret; CU0 = 0; CU1 = 0 until the first FP instruction, when fpu_enable
   * gives the thread the FPU with its (zeroed) FP state (fpu.c). */
  tf->status = ST_UM | ST_EXL | ST_IE | IM_KERNEL;
  p->kt[0].userlocal = 0;
  memset(&p->kt[0].fp, 0, sizeof p->kt[0].fp);
  return 0;

oom:
  uvm_free(&vm);
  return EXEC_ENOMEM;
}

/* Load the boot image's program into p, with the boot arguments and environment. */
const char* exec_boot(struct proc* p, const struct kasane_bootinfo* bi) {
  struct execsrc img = {P2V(bi->program_pa), 0, bi->program_size};
  struct execargs args = {bi->argc, bi->args_size, bi->envc, bi->env_size, P2V(bi->args_pa),
                          P2V(bi->env_pa)};
  boot_program = img.mem;
  boot_program_size = img.size;
  boot_argv0 = bi->argc ? P2V(bi->args_pa) : "";
  stack_offset = bi->stack_offset;
  return load(p, &img, &args, boot_argv0);
}

/* Load boot program prog, one of the --workload file's (the table of the bootinfo), into p. */
const char* exec_bootprog(struct proc* p, const struct kasane_bootprog* prog) {
  struct execsrc img = {P2V(prog->program_pa), 0, prog->program_size};
  struct execargs args = {prog->argc, prog->args_size, prog->envc, prog->env_size,
                          P2V(prog->args_pa), P2V(prog->env_pa)};
  return load(p, &img, &args, prog->argc ? P2V(prog->args_pa) : "");
}

/* Pack the NUL-terminated strings of the user vector uvec (in vm) at buf + *off, at most max
 * bytes in all. Returns how many, or -errno. */
static int packstrings(struct vmspace* vm, uint32_t uvec, char* buf, uint32_t* off,
                       uint32_t max) {
  int n = 0;
  for (; uvec; n++, uvec += 4) {
    uint32_t s;
    if (copyin(vm, &s, uvec, 4) < 0) return -EFAULT;
    if (s == 0) break;
    int len = copyinstr(vm, buf + *off, s, max - *off);
    if (len < 0) return len == -ENAMETOOLONG ? -E2BIG : len;
    *off += len + 1;
  }
  return n;
}

/* Load program `path` into the new process p, with the argument and environment vectors argv and
 * envp of the caller's address space `from`. The file comes from the disk, or is the boot
 * program if path names it (so a program can spawn itself with no disk). Returns 0, or why not:
 * EXEC_ENOENT, EXEC_EFAULT, EXEC_E2BIG or a message. */
const char* exec_path(struct proc* p, const char* path, struct vmspace* from, uint32_t argv,
                      uint32_t envp) {
  char* buf = kalloc();
  if (buf == 0) return "out of memory";
  uint32_t off = 0;
  struct execargs args;
  int argc = packstrings(from, argv, buf, &off, PGSIZE);
  args.args_size = off;
  int envc = argc < 0 ? 0 : packstrings(from, envp, buf, &off, PGSIZE);
  if (argc < 0 || envc < 0) {
    kfree(buf);
    return (argc == -E2BIG || envc == -E2BIG) ? EXEC_E2BIG : EXEC_EFAULT;
  }
  args.argc = argc;
  args.envc = envc;
  args.env_size = off - args.args_size;
  args.args = buf;
  args.env = buf + args.args_size;

  struct execsrc img = {0, namei(path), 0};
  const char* why;
  if (img.ip) {
    ilock(img.ip); /* readi needs it, for the whole load */
    img.size = img.ip->d.size;
    why = load(p, &img, &args, path);
    iunlock(img.ip);
    iput(img.ip);
  } else if (boot_program && (strcmp(path, boot_argv0) == 0 || strcmp(path, p_basename(boot_argv0)) == 0)) {
    img.mem = boot_program;
    img.size = boot_program_size;
    why = load(p, &img, &args, path);
  } else {
    why = EXEC_ENOENT;
  }
  kfree(buf);
  return why;
}
