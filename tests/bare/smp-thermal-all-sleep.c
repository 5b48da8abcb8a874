/* Every core sleeps for 3 ms, the baseline of smp-thermal-neighbour-spins: see smp_thermal.h. */
#include "smp_thermal.h"

int main(uint32_t cpu, uint32_t cpus) { return thermal_main(cpu, cpus, 0); }
