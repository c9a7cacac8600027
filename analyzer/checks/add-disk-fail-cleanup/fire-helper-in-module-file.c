// SPDX-License-Identifier: GPL-2.0
/*
 * add_disk() fails and the unwinding calls xmod_teardown(), a helper of
 * another file of the same module (xmod-teardown.c, named with this file
 * in the directory's Kbuild), which calls del_gendisk() on the disk that
 * was never added.  The helper's summary comes from that file; the
 * module's third file, xmod-stats.c, defines only a helper unrelated to
 * the disk and is not parsed (the -v note names the files used).
 */
#include <linux/module.h>
#include <linux/slab.h>
#include "xmod.h"

static struct xmod_dev *xmod_dev;

static void xmod_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations xmod_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= xmod_submit_bio,
};

static int __init xmod_init(void)
{
	struct xmod_dev *dev;
	int err;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	dev->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(dev->disk)) {
		err = PTR_ERR(dev->disk);
		kfree(dev);
		return err;
	}
	dev->disk->fops = &xmod_fops;
	dev->disk->private_data = dev;
	strscpy(dev->disk->disk_name, "xmod0", DISK_NAME_LEN);
	xmod_stats_init(dev);
	set_capacity(dev->disk, 2048);
	err = add_disk(dev->disk);
	if (err) {
		xmod_teardown(dev);
		return err;
	}
	xmod_dev = dev;
	return 0;
}

static void __exit xmod_exit(void)
{
	xmod_teardown(xmod_dev);
}

module_init(xmod_init);
module_exit(xmod_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a helper of another file of the module deletes the never-added disk
 * check-command: e=$(mktemp); gendisk-lint -v --kdir $KDIR $file 2> "$e"; rc=$?; sed -n 's/^gendisk-lint: \(.*summarised.*\)/\1/p' "$e"; rm -f "$e"; exit $rc
 *
 * check-output-start
fire-helper-in-module-file.c:47:3: warning: del_gendisk() after add_disk() failed: call put_disk() only [add-disk-fail-cleanup]
fire-helper-in-module-file.c:45:8: note: add_disk() failed on this path
fire-helper-in-module-file.c:34:14: note: 'dev->disk' allocated here
fire-helper-in-module-file.c: note: helpers of the module's other files summarised: ./xmod-teardown.c
 * check-output-end
 */
