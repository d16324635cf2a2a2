"""A whole mindcv 0.3.0 training run, unmodified third-party code from one seed, run alike under real MindSpore 2.10
(gen_mindcv_run.py) and ms_compat (tests/thirdparty/test_mindcv_run.py): ``run(mindspore, data_dir)`` -> (losses of
every step, final weights).

It is mindcv's own train.py flow (its ``config.py`` defaults where not said otherwise), every piece from mindcv's
package: ``mindcv.utils.set_seed`` (Python's ``random``, numpy's and MindSpore's seeds), ``create_dataset`` (an
ImageFolder of PNG images written by :func:`write_images`, ``shuffle=True``: reshuffled each epoch),
``create_transforms`` (RandomCropDecodeResize, RandomHorizontalFlip, RandomColorAdjust, Normalize, HWC2CHW,
RandomErasing), ``create_loader`` (batches, and mindcv's numpy Mixup/CutMix on them), ``create_model`` (a small
network with dropout and drop_path, MindSpore's default initialisation from the seed), ``create_loss`` (label
smoothing), ``create_scheduler`` (warmup + cosine decay), ``create_optimizer`` (Adam, weight decay filtered off
biases and norms) and ``create_trainer`` (``Model.train`` with a fixed loss scale), over EPOCHS epochs.

``to_net`` lets a caller carry the network in another dtype (the float64 twin that sizes the tolerance).
"""
import os
import struct
import zlib

import numpy as np

SEED = 7
SIZE = 32          # network input (RandomCropDecodeResize's output)
SOURCE = 40        # stored images, SOURCE x SOURCE RGB
CLASSES = 3
PER_CLASS = 4      # 12 images: 3 batches of 4 per epoch (mindcv's MixUp wants an even batch)
BATCH = 4
EPOCHS = 4         # 12 steps; each epoch reshuffles
MODEL = "edgenext_xx_small"
LOSS_SCALE = 1024.0
OPTIMIZER = "adam"  # mindcv's default (nn.Adam); "adamw" is mindcv's own @jit AdamW
# The weights stored and compared: the classifier head (the last layers every step's update reaches).
WEIGHTS = ("head.",)


def _png(path, rgb):
    """A lossless RGB PNG (zlib, no image library: the pixels every decoder reads are these exactly)."""
    h, w, _ = rgb.shape
    raw = b"".join(b"\x00" + rgb[r].tobytes() for r in range(h))

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def write_images(root):
    """``root/train/class_<c>/<i>.png``: per class a colour gradient with a class-specific stripe, plus noise."""
    rng = np.random.RandomState(1234)
    y, x = np.mgrid[0:SOURCE, 0:SOURCE]
    for c in range(CLASSES):
        d = os.path.join(root, "train", f"class_{c}")
        os.makedirs(d, exist_ok=True)
        for i in range(PER_CLASS):
            base = np.stack([x * (3 + c), y * (2 + i % 3), (x + y) * (1 + c)], -1) % 256
            stripe = ((x + (c + 1) * y) // 6) % 2 == 0
            img = base + 60 * stripe[..., None] + rng.randint(0, 40, base.shape)
            _png(os.path.join(d, f"{i}.png"), np.clip(img, 0, 255).astype(np.uint8))


def run(mindspore, data_dir, to_net=None, optimizer=OPTIMIZER):
    from mindcv.data import create_dataset, create_loader, create_transforms
    from mindcv.loss import create_loss
    from mindcv.models import create_model
    from mindcv.optim import create_optimizer
    from mindcv.scheduler import create_scheduler
    from mindcv.utils import create_trainer, get_metrics, set_seed
    from mindspore.train import Callback

    if not os.path.isdir(os.path.join(data_dir, "train")):
        write_images(data_dir)
    set_seed(SEED)
    dataset_train = create_dataset(name="", root=data_dir, split="train", shuffle=True, num_parallel_workers=1)
    transform_list = create_transforms(dataset_name="", is_training=True, image_resize=SIZE, color_jitter=0.4,
                                       re_prob=0.5)
    loader_train = create_loader(dataset=dataset_train, batch_size=BATCH, drop_remainder=True, is_training=True,
                                 mixup=0.2, cutmix=1.0, cutmix_prob=1.0, num_classes=CLASSES,
                                 transform=transform_list, num_parallel_workers=1)
    num_batches = loader_train.get_dataset_size()
    network = create_model(model_name=MODEL, num_classes=CLASSES, drop_rate=0.2, drop_path_rate=0.2)
    if to_net is not None:
        to_net(network)
    loss = create_loss(name="CE", label_smoothing=0.1)
    lr_scheduler = create_scheduler(num_batches, scheduler="cosine_decay", lr=1e-3, min_lr=1e-5, warmup_epochs=1, decay_epochs=EPOCHS - 1,
                                    num_epochs=EPOCHS)
    optimizer = create_optimizer(network.trainable_params(), opt=optimizer, lr=lr_scheduler, weight_decay=0.05,
                                 weight_decay_filter="norm_and_bias", loss_scale=LOSS_SCALE)
    trainer = create_trainer(network, loss, optimizer, get_metrics(CLASSES), amp_level="O0", amp_cast_list=None,
                             loss_scale_type="fixed", loss_scale=LOSS_SCALE)

    losses = []

    class Record(Callback):
        def on_train_step_end(self, run_context):
            losses.append(float(run_context.original_args().net_outputs.asnumpy()))

    trainer.train(EPOCHS, loader_train, callbacks=[Record()], dataset_sink_mode=False)
    weights = {p.name: p.asnumpy().astype(np.float64) for p in network.trainable_params()}
    return np.asarray(losses, np.float64), weights
