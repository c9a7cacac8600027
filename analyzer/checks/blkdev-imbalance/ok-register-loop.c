// SPDX-License-Identifier: GPL-2.0
/*
 * A family of majors registered in a loop, as sd does (init_sd():
 * "for (i = 0; i < SD_MAJORS; i++) if (__register_blkdev(sd_major(i),
 * "sd", ...)) continue; majors++;", then "if (!majors) return -ENODEV;"):
 * the early return is reached only when no registration succeeded, and the
 * error path unregisters the whole family in a loop again.  Which members
 * are held on a path is not a per-path fact the dataflow can count, so a
 * key acquired in a loop is not judged on error paths (like a collapsed
 * array element); the exit function must still unregister it.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define RGL_MAJORS	4
#define RGL_MAJOR(i)	(240 + (i))

static int __init rgl_register_class(void)
{
	return 0;
}

static int __init rgl_init(void)
{
	int majors = 0, i, err;

	for (i = 0; i < RGL_MAJORS; i++) {
		if (register_blkdev(RGL_MAJOR(i), "rgl"))
			continue;
		majors++;
	}
	if (!majors)
		return -ENODEV;
	err = rgl_register_class();
	if (err)
		goto err_out;
	return 0;

err_out:
	for (i = 0; i < RGL_MAJORS; i++)
		unregister_blkdev(RGL_MAJOR(i), "rgl");
	return err;
}

static void __exit rgl_exit(void)
{
	int i;

	for (i = 0; i < RGL_MAJORS; i++)
		unregister_blkdev(RGL_MAJOR(i), "rgl");
}

module_init(rgl_init);
module_exit(rgl_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a family of majors registered and unregistered in loops (sd)
 */
