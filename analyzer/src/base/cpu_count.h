/* How many CPUs this process may run on: the default of -j. */
#ifndef GENDISK_LINT_CPU_COUNT_H
#define GENDISK_LINT_CPU_COUNT_H

/* CPUs in the process's affinity mask (taskset, cgroup cpusets), else the
 * online CPUs; at least 1. */
int usable_cpu_count(void);

#endif
