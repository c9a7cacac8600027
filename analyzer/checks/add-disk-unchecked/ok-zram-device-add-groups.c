// SPDX-License-Identifier: GPL-2.0
/*
 * zram_add()-like (drivers/block/zram/zram_drv.c of 6.12): the result of
 * device_add_disk() with attribute groups goes into ret and the ladder
 * frees the disk, then the index, then the device.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/idr.h>
#include <linux/slab.h>

struct zr {
	struct gendisk *disk;
	int id;
};

static DEFINE_IDR(zr_index_idr);
static int zr_major;

static ssize_t zr_size_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	return sysfs_emit(buf, "0\n");
}
static DEVICE_ATTR_RO(zr_size);

static struct attribute *zr_disk_attrs[] = {
	&dev_attr_zr_size.attr,
	NULL,
};
ATTRIBUTE_GROUPS(zr_disk);

static void zr_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations zr_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= zr_submit_bio,
};

static int zr_add(void)
{
	struct queue_limits lim = {
		.logical_block_size	= PAGE_SIZE,
		.physical_block_size	= PAGE_SIZE,
	};
	struct zr *zram;
	int ret, device_id;

	zram = kzalloc(sizeof(*zram), GFP_KERNEL);
	if (!zram)
		return -ENOMEM;

	ret = idr_alloc(&zr_index_idr, zram, 0, 0, GFP_KERNEL);
	if (ret < 0)
		goto out_free_dev;
	device_id = ret;

	zram->disk = blk_alloc_disk(&lim, NUMA_NO_NODE);
	if (IS_ERR(zram->disk)) {
		pr_err("Error allocating disk structure for device %d\n",
			device_id);
		ret = PTR_ERR(zram->disk);
		goto out_free_idr;
	}

	zram->disk->major = zr_major;
	zram->disk->first_minor = device_id;
	zram->disk->minors = 1;
	zram->disk->flags |= GENHD_FL_NO_PART;
	zram->disk->fops = &zr_fops;
	zram->disk->private_data = zram;
	snprintf(zram->disk->disk_name, 16, "zr%d", device_id);
	set_capacity(zram->disk, 0);

	ret = device_add_disk(NULL, zram->disk, zr_disk_groups);
	if (ret)
		goto out_cleanup_disk;

	zram->id = device_id;
	return device_id;

out_cleanup_disk:
	put_disk(zram->disk);
out_free_idr:
	idr_remove(&zr_index_idr, device_id);
out_free_dev:
	kfree(zram);
	return ret;
}

static int zr_remove_cb(int id, void *ptr, void *data)
{
	struct zr *zram = ptr;

	del_gendisk(zram->disk);
	put_disk(zram->disk);
	kfree(zram);
	return 0;
}

static int __init zr_init(void)
{
	int ret;

	zr_major = register_blkdev(0, "zr");
	if (zr_major < 0)
		return zr_major;
	ret = zr_add();
	if (ret < 0) {
		unregister_blkdev(zr_major, "zr");
		return ret;
	}
	return 0;
}

static void __exit zr_exit(void)
{
	idr_for_each(&zr_index_idr, zr_remove_cb, NULL);
	idr_destroy(&zr_index_idr);
	unregister_blkdev(zr_major, "zr");
}

module_init(zr_init);
module_exit(zr_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: device_add_disk() with groups, result in ret, goto ladder
 */
