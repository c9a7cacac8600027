// SPDX-License-Identifier: GPL-2.0
/*
 * register_blkdev()'s result kept in an unsigned and tested against 0: a
 * failure (-EBUSY, or no free major for 0) becomes a huge major that
 * "< 0" never sees and "<= 0" sees only as 0, so init goes on with a bogus
 * major.  An unsigned int global tested "< 0", a u32 field assigned inside
 * the test and tested "<= 0", and the test written "0 > major".
 */
#include <linux/module.h>
#include <linux/blkdev.h>

struct um_dev {
	u32 major;
	int id;
};

static unsigned int um_major;
static unsigned int um_aux_major;
static struct um_dev um_dev;
static int mode;
module_param(mode, int, 0444);

static int __init um_init(void)
{
	if (mode == 0) {
		um_major = register_blkdev(0, "um");
		if (um_major < 0)
			return um_major;
	} else if (mode == 1) {
		if ((um_dev.major = register_blkdev(0, "um")) <= 0)
			return -EBUSY;
		um_major = um_dev.major;
	} else {
		um_major = register_blkdev(0, "um");
		if (0 > um_major)
			return -EBUSY;
	}
	um_aux_major = register_blkdev(0, "umaux");
	if (unlikely(um_aux_major < 0)) {
		unregister_blkdev(um_major, "um");
		return -EBUSY;
	}
	return 0;
}

static void __exit um_exit(void)
{
	unregister_blkdev(um_aux_major, "umaux");
	unregister_blkdev(um_major, "um");
}

module_init(um_init);
module_exit(um_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: register_blkdev() result in an unsigned tested < 0 or <= 0
 *
 * check-output-start
fire-unsigned-major.c:27:7: warning: register_blkdev()'s result is kept in unsigned 'um_major' and tested '< 0': a negative error becomes a large major and the test is never true, so a failed registration goes unnoticed; keep the result in an int [blkdev-imbalance]
fire-unsigned-major.c:30:7: warning: register_blkdev()'s result is kept in unsigned 'um_dev.major' and tested '<= 0': a negative error becomes a large major and the test sees only 0, so a failed registration goes unnoticed; keep the result in an int [blkdev-imbalance]
fire-unsigned-major.c:35:7: warning: register_blkdev()'s result is kept in unsigned 'um_major' and tested '< 0': a negative error becomes a large major and the test is never true, so a failed registration goes unnoticed; keep the result in an int [blkdev-imbalance]
fire-unsigned-major.c:39:15: warning: register_blkdev()'s result is kept in unsigned 'um_aux_major' and tested '< 0': a negative error becomes a large major and the test is never true, so a failed registration goes unnoticed; keep the result in an int [blkdev-imbalance]
 * check-output-end
 */
