// SPDX-License-Identifier: GPL-2.0
/*
 * Near misses of an unsigned major: the result in a signed int tested
 * "< 0" and "<= 0", an unsigned field assigned only after the int was
 * checked, an explicit (int) cast before the test, and an unsigned that
 * is tested "< 0" but never holds register_blkdev()'s result.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct uok_dev {
	unsigned int major;
	unsigned int count;
};

static struct uok_dev uok;
static int uok_major;
static unsigned int uok_fixed_major;
static unsigned int uok_count;
static int mode;
module_param(mode, int, 0444);

static int __init uok_init(void)
{
	int ret;

	if (mode == 0) {
		uok_major = register_blkdev(0, "uok");
		if (uok_major < 0)
			return uok_major;
		uok.major = uok_major;
	} else if (mode == 1) {
		ret = register_blkdev(0, "uok");
		if (ret <= 0)
			return ret ? ret : -EBUSY;
		uok.major = ret;
		uok_major = ret;
	} else {
		uok_fixed_major = register_blkdev(0, "uok");
		if ((int)uok_fixed_major < 0)
			return -EBUSY;
		uok_major = uok_fixed_major;
	}
	uok_count = uok.count;
	if (uok_count < 0)
		pr_info("uok: impossible\n");
	return 0;
}

static void __exit uok_exit(void)
{
	unregister_blkdev(uok_major, "uok");
}

module_init(uok_init);
module_exit(uok_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: signed results, checked before the unsigned copy, an (int) cast
 */
