/* The MIPS32r2 privileged architecture as Kasane implements it: CP0 registers and their bits,
 * exception codes, TLB entry formats and the fixed segments of the address space. The register
 * names expand to "$n, sel", so assembly writes `mfc0 k0, CP0_STATUS` and C uses c0_read(). */
#ifndef KASANE_OS_MIPS_H
#define KASANE_OS_MIPS_H

#include <kasane/tcontrol.h>

#include "param.h" /* U32() */

/* CP0 registers (register, select). */
#define CP0_INDEX $0, 0
#define CP0_RANDOM $1, 0
#define CP0_ENTRYLO0 $2, 0
#define CP0_ENTRYLO1 $3, 0
#define CP0_CONTEXT $4, 0
#define CP0_USERLOCAL $4, 2
#define CP0_PAGEMASK $5, 0
#define CP0_WIRED $6, 0
#define CP0_HWRENA $7, 0
#define CP0_BADVADDR $8, 0
#define CP0_COUNT $9, 0
#define CP0_ENTRYHI $10, 0
#define CP0_COMPARE $11, 0
#define CP0_STATUS $12, 0
#define CP0_CAUSE $13, 0
#define CP0_EPC $14, 0
#define CP0_PRID $15, 0
#define CP0_EBASE $15, 1
#define CP0_CONFIG $16, 0
#define CP0_CONFIG1 $16, 1
#define CP0_LLADDR $17, 0
#define CP0_TMASK $22, 0    /* thread extension: contexts user TFORK may take (bit i = LTN i+1) */
#define CP0_TCONTROL $22, 1 /* thread extension: XT, MU, TU below */
#define CP0_TSTATE $22, 2   /* thread extension: a bit per live context (read-only) */
#define CP0_ERROREPC $30, 0

/* Status. */
#define ST_IE U32(0x00000001)      /* interrupts enabled (when EXL = ERL = 0) */
#define ST_EXL U32(0x00000002)     /* exception level: kernel mode, interrupts off, EPC frozen */
#define ST_ERL U32(0x00000004)     /* error level (reset, NMI) */
#define ST_KSU U32(0x00000018)     /* mode field: 0 kernel, 2 user */
#define ST_UM U32(0x00000010)      /* KSU = user */
#define ST_IM U32(0x0000ff00)      /* interrupt mask, one bit per Cause.IP bit */
#define ST_BEV U32(0x00400000)     /* boot exception vectors at 0xbfc00200 */
#define ST_CU0 U32(0x10000000)     /* CP0 usable in user mode */
#define ST_CU1 U32(0x20000000)     /* the FPU (CP1) usable; FR (bit 26) stays 0 */

/* Interrupt lines, as Status.IM and Cause.IP bits. */
#define IM_IPI U32(0x00000200)   /* IP1: TINTR from another context */
#define IM_DISK U32(0x00000400)  /* IP2: the block device */
#define IM_XCORE U32(0x00000800) /* IP3: the IPI device, from another core (KASANE_IPI_IRQ_LINE) */
#define IM_TIMER U32(0x00008000) /* IP7: Count reached Compare */
#define IM_KERNEL (IM_IPI | IM_XCORE | IM_DISK | IM_TIMER)

/* TControl: the bits are <kasane/tcontrol.h>'s, the simulator's too (C only). */
#define TCONTROL_XT KASANE_TCONTROL_XT
#define TCONTROL_MU KASANE_TCONTROL_MU
#define TCONTROL_TU KASANE_TCONTROL_TU
#define TCONTROL_XW KASANE_TCONTROL_XW

/* Cause. */
#define CAUSE_EXCCODE U32(0x0000007c) /* exception code, bits 6:2 */
#define CAUSE_EXCSHIFT 2
#define CAUSE_IP U32(0x0000ff00)      /* pending interrupts */
#define CAUSE_IV U32(0x00800000)      /* interrupts use the special vector */
#define CAUSE_TI U32(0x40000000)      /* timer interrupt pending */
#define CAUSE_CE U32(0x30000000)      /* Coprocessor Unusable: which coprocessor */
#define CAUSE_CESHIFT 28
#define CAUSE_BD U32(0x80000000)      /* the exception hit the delay slot: EPC is the branch */

/* FCSR, the FPU's control and status register. */
#define FCSR_WRITABLE U32(0xff83ffff) /* FCC7..1, FS, FCC0, cause, enables, flags, RM */
#define FCSR_CAUSE U32(0x0003f000)    /* Cause: E (unimplemented), V, Z, O, U, I */
#define FCSR_CAUSESHIFT 12
#define FCSR_ENABLESHIFT 7            /* Enables: V, Z, O, U, I at bits 11..7 */
#define FPE_I 0x01                    /* Cause, Enables and Flags bits, shifted down */
#define FPE_U 0x02
#define FPE_O 0x04
#define FPE_Z 0x08
#define FPE_V 0x10
#define FPE_E 0x20

/* Exception codes (Cause.ExcCode). */
#define EXC_INT 0     /* interrupt */
#define EXC_MOD 1     /* store to a page whose TLB entry has D = 0 */
#define EXC_TLBL 2    /* TLB miss or invalid entry, load or fetch */
#define EXC_TLBS 3    /* TLB miss or invalid entry, store */
#define EXC_ADEL 4    /* address error, load or fetch (unaligned, or kernel address from user) */
#define EXC_ADES 5    /* address error, store */
#define EXC_IBE 6     /* bus error on fetch */
#define EXC_DBE 7     /* bus error on load or store */
#define EXC_SYS 8     /* syscall */
#define EXC_BP 9      /* break */
#define EXC_RI 10     /* reserved instruction */
#define EXC_CPU 11    /* coprocessor unusable */
#define EXC_OV 12     /* integer overflow (add, addi, sub) */
#define EXC_TR 13     /* trap instruction (teq, tne, ...) */
#define EXC_FPE 15    /* floating-point exception: an enabled FCSR cause */
#define EXC_THREAD 25 /* thread extension */
#define NEXC 32

/* EBase: exception base (bits 31:12) and this context's number (bits 9:0). */
#define EBASE_BASE U32(0xfffff000)
#define EBASE_CPUNUM U32(0x000003ff)

/* Config1: MMU size - 1 in bits 30:25. */
#define CONFIG1_FP U32(0x00000001)   /* an FPU is implemented */
#define CONFIG1_MMUSIZE_SHIFT 25
#define CONFIG1_MMUSIZE_MASK U32(0x3f)

/* HWREna: the RDHWR registers that user mode may read. */
#define HWR_CPUNUM (U32(1) << 0)     /* context number */
#define HWR_SYNCI_STEP (U32(1) << 1) /* cache line size for synci */
#define HWR_CC (U32(1) << 2)         /* cycle counter */
#define HWR_CCRES (U32(1) << 3)      /* cycles per counter tick */
#define HWR_ULR (U32(1) << 29)       /* UserLocal: the thread pointer */

/* EntryHi: VPN2 (virtual page pair) and ASID. */
#define ENTRYHI_VPN2 U32(0xffffe000)
#define ENTRYHI_ASID U32(0x000000ff)

/* EntryLo, which is also the format of a page-table entry: PFN in bits 25:6. */
#define PTE_G U32(0x00000001)        /* global: ignore the ASID */
#define PTE_V U32(0x00000002)        /* valid */
#define PTE_D U32(0x00000004)        /* dirty, i.e. writable */
#define PTE_C_CACHED U32(0x00000018) /* cache attribute 3: cacheable, noncoherent */
#define PTE_C_UNCACHED U32(0x00000010) /* cache attribute 2: uncached (a device page) */
#define PTE_C_MASK U32(0x00000038)
#define PTE_COW U32(0x80000000)      /* software (EntryLo ignores bits 31:26): a writable page whose
                                      * frame a fork shares; a store copies it first (vm.c) */
#define PTE_PFNSHIFT 6
#define PTE_FLAGS U32(0x0000003f)
#define PTE_ADDR(pte) (((pte) >> PTE_PFNSHIFT) << 12)      /* physical page of a PTE */
/* The kernel's marks for a user page mprotect changed before anything touched it (mprotect.c):
 * frame 0 (the kernel's own first page, never a user page's) and V clear, so the TLB faults on any
 * access. PTE_NOFRAME is PROT_NONE; PTE_NOFRAME_OPEN is readable, with PTE_D writable too: the
 * first access maps a zeroed page so (vm.c). */
#define PTE_NOFRAME PTE_C_CACHED
#define PTE_NOFRAME_OPEN U32(0x00000008) /* cache attribute 1: never loaded with V set */
#define PA2PTE(pa) (((uint32_t)(pa) >> 12) << PTE_PFNSHIFT) /* PFN field for a physical page */

/* Index: bit 31 set by tlbp when no entry matched. */
#define INDEX_PROBE_FAIL U32(0x80000000)

/* Fixed segments: kseg0 (cached) and kseg1 (uncached) map physical memory directly. */
#define KSEG0 U32(0x80000000)
#define KSEG1 U32(0xa0000000)
#define P2V(pa) ((void*)((uint32_t)(pa) + KSEG0)) /* physical to kseg0 address */
#define V2P(va) ((uint32_t)(va) - KSEG0)         /* kseg0 address to physical */
#define IO(pa) ((volatile uint32_t*)((uint32_t)(pa) + KSEG1)) /* a device register */

/* A TLB EntryHi that never matches: distinct pages of kseg0, which is never translated. */
#define TLB_UNIQUE_ENTRYHI(i) (KSEG0 + ((uint32_t)(i) << 13))

#ifndef __ASSEMBLER__
#include <stdint.h>

#define STR_(...) #__VA_ARGS__
#define STR(...) STR_(__VA_ARGS__)

/* Read or write a CP0 register named above; a write is followed by ehb, so its effect is visible
 * to the next instruction (the MIPS32r2 execution hazard barrier). */
#define c0_read(reg)                                              \
  ({                                                              \
    uint32_t v_;                                                  \
    __asm__ volatile("mfc0 %0, " STR(reg) : "=r"(v_)::"memory"); \
    v_;                                                           \
  })
#define c0_write(reg, v) \
  __asm__ volatile("mtc0 %z0, " STR(reg) "\n\tehb" ::"Jr"((uint32_t)(v)) : "memory")

/* TLB instructions; each waits for its result (ehb) before the next instruction uses CP0. */
static inline void tlb_probe(void) { __asm__ volatile("tlbp\n\tehb" ::: "memory"); }
static inline void tlb_read(void) { __asm__ volatile("tlbr\n\tehb" ::: "memory"); }
static inline void tlb_write_indexed(void) { __asm__ volatile("tlbwi\n\tehb" ::: "memory"); }
static inline void tlb_write_random(void) { __asm__ volatile("tlbwr\n\tehb" ::: "memory"); }

/* The contexts of the core that are live (TState): a bit per context not free. */
static inline uint32_t kasane_tstate(void) { return c0_read(CP0_TSTATE); }

/* Sleep until an interrupt is pending (or forever, with interrupts masked). */
static inline void cpu_wait(void) { __asm__ volatile("wait" ::: "memory"); }
#endif /* !__ASSEMBLER__ */

#endif /* KASANE_OS_MIPS_H */
