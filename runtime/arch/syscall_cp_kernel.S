/* runtime/arch/syscall_cp_kernel.S - the system call of a cancellation point for the kernel
 * thread backend (src/thread/kernel/kcancel.c), musl's __syscall_cp_asm with four arguments
 * (futex needs its timeout in the fourth).
 *
 * long __kcp_asm(volatile int* cancel, long nr, long a, long b, long c, long d)
 *
 * The call is made only if *cancel is 0 when looked at here, and the look and the `syscall` are
 * one range, [__cp_begin, __cp_end): pthread_cancel's SIGPOKE, if it lands there, moves the pc
 * to __cp_cancel (kcancel.c), so a cancellation after the look still acts before the call.
 * __cp_cancel returns -ECANCELED (MIPS: 158) and the C caller acts on it: a condition wait must
 * take its mutex again first. The result is -errno on failure. */
	.text
	.set	noreorder
	.globl	__kcp_asm
	.globl	__cp_begin
	.globl	__cp_end
	.globl	__cp_cancel
	.type	__kcp_asm, @function
__kcp_asm:
__cp_begin:
	lw	$t0, 0($a0)		/* a cancellation pending? */
	bnez	$t0, __cp_cancel
	move	$v0, $a1		/* nr */
	move	$a0, $a2		/* a, b; c and d are the caller's 16($sp), 20($sp) */
	move	$a1, $a3
	lw	$a2, 16($sp)
	lw	$a3, 20($sp)
	syscall
__cp_end:
	beqz	$a3, 1f
	nop
	subu	$v0, $zero, $v0		/* failed: -errno */
1:	jr	$ra
	nop
__cp_cancel:
	jr	$ra
	li	$v0, -158		/* -ECANCELED */
	.size	__kcp_asm, .-__kcp_asm
