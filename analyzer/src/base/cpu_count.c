/* How many CPUs this process may run on: the default of -j. */
#include "cpu_count.h"

#include <sched.h>
#include <unistd.h>

int usable_cpu_count(void)
{
	cpu_set_t set;
	long online;

	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set) == 0 && CPU_COUNT(&set) > 0)
		return CPU_COUNT(&set);
	online = sysconf(_SC_NPROCESSORS_ONLN);
	return online > 0 ? (int)online : 1;
}
