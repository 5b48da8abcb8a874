/* The parts of the ELF32 format that exec reads. */
#ifndef KASANE_OS_ELF_H
#define KASANE_OS_ELF_H

#include <stdint.h>

#define ELF_MAGIC 0x464c457fu /* "\x7fELF" as a little-endian word */
#define ELFCLASS32 1
#define ELFDATA2LSB 1
#define ET_EXEC 2
#define EM_MIPS 8

struct elfhdr {
  uint32_t magic;
  uint8_t class, data, version, osabi, abiversion, pad[7];
  uint16_t type, machine;
  uint32_t version2, entry, phoff, shoff, flags;
  uint16_t ehsize, phentsize, phnum, shentsize, shnum, shstrndx;
};

struct proghdr {
  uint32_t type, offset, vaddr, paddr, filesz, memsz, flags, align;
};

/* Program header types and flags. */
#define PT_LOAD 1
#define PT_INTERP 3
#define PT_PHDR 6
#define PF_X 1
#define PF_W 2
#define PF_R 4

/* Auxiliary vector keys (Linux). */
#define AT_NULL 0
#define AT_PHDR 3
#define AT_PHENT 4
#define AT_PHNUM 5
#define AT_PAGESZ 6
#define AT_BASE 7
#define AT_FLAGS 8
#define AT_ENTRY 9
#define AT_UID 11
#define AT_EUID 12
#define AT_GID 13
#define AT_EGID 14
#define AT_HWCAP 16
#define AT_CLKTCK 17
#define AT_SECURE 23
#define AT_RANDOM 25
#define AT_EXECFN 31

#endif /* KASANE_OS_ELF_H */
