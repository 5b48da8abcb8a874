/* Core 0 spins for 3 ms while the last core sleeps: see smp_thermal.h. */
#include "smp_thermal.h"

int main(uint32_t cpu, uint32_t cpus) { return thermal_main(cpu, cpus, 1); }
