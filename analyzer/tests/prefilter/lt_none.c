// SPDX-License-Identifier: GPL-2.0
/*
 * Token prefilter: a module with no block device at all; no rule's
 * trigger token occurs in it, so it is not parsed (--summary counts it).
 */
#include <linux/module.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>

static const struct file_operations ln_fops = {
	.owner	= THIS_MODULE,
};

static struct miscdevice ln_dev = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "ln",
	.fops	= &ln_fops,
};

module_misc_device(ln_dev);
MODULE_LICENSE("GPL");
