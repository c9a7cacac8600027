// SPDX-License-Identifier: GPL-2.0
/*
 * rz_init_disk() allocates rz->disk when it returns 0; rz_free_disk()
 * puts it and clears the field (rbd_free_disk()'s shape).  The summary
 * records the put and the write: the error path after dev_set_name()
 * releases the disk, nothing leaks.
 */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/device.h>

struct rz_device {
	struct gendisk *disk;
	struct device dev;
	int id;
};

static struct rz_device rz_dev;

static const struct block_device_operations rz_fops = {
	.owner		= THIS_MODULE,
};

static int rz_init_disk(struct rz_device *rz)
{
	struct gendisk *disk;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &rz_fops;
	snprintf(disk->disk_name, DISK_NAME_LEN, "rz%d", rz->id);
	rz->disk = disk;
	return 0;
}

static void rz_free_disk(struct rz_device *rz)
{
	put_disk(rz->disk);
	rz->disk = NULL;
}

static int rz_setup(struct rz_device *rz)
{
	int ret;

	ret = rz_init_disk(rz);
	if (ret)
		return ret;
	set_capacity(rz->disk, 2048);
	ret = dev_set_name(&rz->dev, "%d", rz->id);
	if (ret)
		goto err_out_disk;
	ret = add_disk(rz->disk);
	if (ret)
		goto err_out_disk;
	return 0;

err_out_disk:
	rz_free_disk(rz);
	return ret;
}

static int __init rz_init(void)
{
	return rz_setup(&rz_dev);
}

static void __exit rz_exit(void)
{
	del_gendisk(rz_dev.disk);
	rz_free_disk(&rz_dev);
}

module_init(rz_init);
module_exit(rz_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a helper that puts the disk and clears the field releases it
 */
