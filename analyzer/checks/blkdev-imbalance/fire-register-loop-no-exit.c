// SPDX-License-Identifier: GPL-2.0
/*
 * The near miss of ok-register-loop.c: the same family of majors
 * registered in a loop, but the exit function forgets to unregister them,
 * so after rmmod the majors stay taken and the next insmod fails with
 * -EBUSY.  Only the per-path half stands down for a family; the per-file
 * half still wants its unregister on exit.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define RGN_MAJORS	4
#define RGN_MAJOR(i)	(240 + (i))

static int __init rgn_register_class(void)
{
	return 0;
}

static int __init rgn_init(void)
{
	int majors = 0, i, err;

	for (i = 0; i < RGN_MAJORS; i++) {
		if (register_blkdev(RGN_MAJOR(i), "rgn"))
			continue;
		majors++;
	}
	if (!majors)
		return -ENODEV;
	err = rgn_register_class();
	if (err)
		goto err_out;
	return 0;

err_out:
	for (i = 0; i < RGN_MAJORS; i++)
		unregister_blkdev(RGN_MAJOR(i), "rgn");
	return err;
}

static void __exit rgn_exit(void)
{
	pr_info("rgn: unloaded\n");
}

module_init(rgn_init);
module_exit(rgn_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a family of majors registered in a loop and never unregistered on exit
 *
 * check-output-start
fire-register-loop-no-exit.c:25:7: warning: major "rgn" is never unregistered outside the function registering it: unregister_blkdev() missing on exit [blkdev-imbalance]
 * check-output-end
 */
