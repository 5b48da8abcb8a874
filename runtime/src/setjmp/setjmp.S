/* setjmp - save the callee-saved state into a jmp_buf and return 0.
 *
 * jmp_buf layout (bytes): s0..s7 at 0..28, s8/fp at 32, sp at 36, ra at 40, gp at 44, FCSR at
 * 48, then $f20, $f22, .. $f30 as doubles at 56..96 (<setjmp.h> makes the buffer 8-aligned for
 * sdc1). Only the registers the o32 ABI says a call preserves need saving: everything else is
 * already assumed clobbered by the call to setjmp. For floating point that is $f20..$f31: with
 * FR=0 the six even/odd pairs $f20/$f21 .. $f30/$f31, each saved whole by one sdc1 of the even
 * register. Debian's gcc builds o32 code as FPXX (odd singles are not addressable), and sdc1 of
 * the even registers is also what a 64-bit FPU (FR=1) needs, so this is right in both modes. FCSR
 * (rounding mode, enables) is saved and restored as glibc's MIPS setjmp does, so a longjmp out
 * of code that changed the rounding mode leaves the mode of the setjmp caller. */
	.text
	.globl	setjmp
	.globl	_setjmp /* the same: no signal mask is ever saved (<setjmp.h>) */
	.type	_setjmp, @function
	.type	setjmp, @function
	.ent	setjmp
	.set	noreorder
setjmp:
_setjmp:
	sw	$s0, 0($a0)
	sw	$s1, 4($a0)
	sw	$s2, 8($a0)
	sw	$s3, 12($a0)
	sw	$s4, 16($a0)
	sw	$s5, 20($a0)
	sw	$s6, 24($a0)
	sw	$s7, 28($a0)
	sw	$fp, 32($a0)
	sw	$sp, 36($a0)
	sw	$ra, 40($a0)
	sw	$gp, 44($a0)
	sdc1	$f20, 56($a0)
	sdc1	$f22, 64($a0)
	sdc1	$f24, 72($a0)
	sdc1	$f26, 80($a0)
	sdc1	$f28, 88($a0)
	sdc1	$f30, 96($a0)
	cfc1	$t0, $31
	sw	$t0, 48($a0)
	jr	$ra
	move	$v0, $zero		/* delay slot: return 0 */
	.end	setjmp
	.size	setjmp, . - setjmp

	.section .note.GNU-stack, "", %progbits
