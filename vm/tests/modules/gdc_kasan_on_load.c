// SPDX-License-Identifier: GPL-2.0
/*
 * gdc_kasan_on_load - a module whose init reads one byte past a kmalloc'ed
 * buffer.
 *
 * Test fixture of gendisk-check's vm/: on a kernel with KASAN it reports
 * "BUG: KASAN: slab-out-of-bounds".  The index is a module parameter so
 * the compiler cannot see the overflow.
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>

static unsigned int index = 16;
module_param(index, uint, 0444);
MODULE_PARM_DESC(index, "byte to read from a 16-byte buffer (16 overflows)");

static int __init gdc_kasan_on_load_init(void)
{
	char *p = kzalloc(16, GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	pr_info("gdc_kasan_on_load: byte %u is %d\n", index, READ_ONCE(p[index]));
	kfree(p);
	return 0;
}

static void __exit gdc_kasan_on_load_exit(void)
{
}

module_init(gdc_kasan_on_load_init);
module_exit(gdc_kasan_on_load_exit);
MODULE_DESCRIPTION("Test fixture: out-of-bounds read when loaded");
MODULE_LICENSE("GPL");
