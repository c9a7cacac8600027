// SPDX-License-Identifier: GPL-2.0
/*
 * A driver of one device keeps it in a file-scope structure; the disk
 * has no private_data, its callbacks read the global's fields directly.
 * .remove deletes and puts the disk, then frees a buffer that ->release
 * (through a helper) and ->ioctl still read for an opener.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/platform_device.h>
#include <linux/slab.h>

struct gx_info {
	int users;
	u32 model;
};

static struct {
	struct gendisk *disk;
	struct gx_info *info;
} gx;

static void gx_info_close(struct gx_info *info)
{
	info->users--;
}

static void gx_release(struct gendisk *disk)
{
	gx_info_close(gx.info);
}

static int gx_ioctl(struct block_device *bdev, blk_mode_t mode,
		    unsigned int cmd, unsigned long arg)
{
	if (cmd != 0x4701)
		return -ENOTTY;
	return put_user(gx.info->model, (u32 __user *)arg);
}

static void gx_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations gx_fops = {
	.owner		= THIS_MODULE,
	.release	= gx_release,
	.ioctl		= gx_ioctl,
	.submit_bio	= gx_submit_bio,
};

static int gx_probe(struct platform_device *pdev)
{
	int err;

	gx.info = kzalloc(sizeof(*gx.info), GFP_KERNEL);
	if (!gx.info)
		return -ENOMEM;
	gx.disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(gx.disk)) {
		err = PTR_ERR(gx.disk);
		goto out_info;
	}
	gx.disk->fops = &gx_fops;
	strscpy(gx.disk->disk_name, "gx0", DISK_NAME_LEN);
	set_capacity(gx.disk, 4096);
	err = add_disk(gx.disk);
	if (err)
		goto out_disk;
	return 0;

out_disk:
	put_disk(gx.disk);
out_info:
	kfree(gx.info);
	return err;
}

static void gx_remove(struct platform_device *pdev)
{
	del_gendisk(gx.disk);
	put_disk(gx.disk);
	kfree(gx.info);
}

static struct platform_driver gx_driver = {
	.probe		= gx_probe,
	.remove_new	= gx_remove,
	.driver		= {
		.name	= "gx-disk",
	},
};
module_platform_driver(gx_driver);
MODULE_LICENSE("GPL");

/*
 * check-name: .remove frees a global's field the fops read directly
 * check-command: gendisk-lint --rule private-freed-while-open --kdir $KDIR $file
 *
 * check-output-start
fire-global-field-freed.c:84:2: warning: 'gx.info' freed after del_gendisk(gx.disk) while the disk may still be open: gx_fops's .release (gx_release) reads gx.info later; free it from ->free_disk [private-freed-while-open]
fire-global-field-freed.c:82:2: note: del_gendisk() here does not wait for the openers
fire-global-field-freed.c:48:3: note: the callback an opener still calls
 * check-output-end
 */
