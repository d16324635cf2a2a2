"""mindspore.dataset.audio Flanger, Phaser, DetectPitchFrequency and PitchShift under MindSpore 2.10 on fixed waveforms.
tests/dataset/test_audio_extra.py runs this same file's run_all() through the ms_compat alias and compares."""
import numpy as np

import mindspore.dataset.audio as A


def inputs():
    rng = np.random.RandomState(7)
    t = np.arange(600) / 8000.0
    wave = (0.5 * np.sin(2 * np.pi * 440 * t) + 0.2 * rng.uniform(-1, 1, t.shape)).astype(np.float32)
    t2 = np.arange(4000) / 8000.0
    chirp = (0.6 * np.sin(2 * np.pi * (200 + 300 * t2) * t2) + 0.05 * rng.uniform(-1, 1, t2.shape)).astype(np.float32)
    return {"wave": wave, "wave2": np.stack([wave, wave[::-1].copy() * 0.7]),
            "batch": np.stack([np.stack([wave, -wave]), np.stack([wave * 0.3, wave ** 2])]),
            "wave64": wave.astype(np.float64), "wave64_2d": wave.astype(np.float64)[None], "chirp": chirp,
            "chirp2": np.stack([chirp, chirp[::-1].copy()]),
            "loud": (wave * 3).astype(np.float32)}


def cases():
    return {
        "phaser": ("wave", A.Phaser(8000)),
        "phaser_tri": ("wave2", A.Phaser(8000, gain_in=0.9, gain_out=0.8, delay_ms=2.0, decay=0.7, mod_speed=1.5,
                                         sinusoidal=False)),
        "phaser_f64": ("wave64", A.Phaser(16000, delay_ms=4.5)),
        "phaser_clamp": ("loud", A.Phaser(8000, gain_in=1.0, gain_out=2.0)),
        "flanger": ("wave2", A.Flanger(8000)),
        "flanger_one": ("wave", A.Flanger(8000, delay=3.0)),
        "flanger_quad_tri": ("wave2", A.Flanger(8000, delay=5.0, depth=4.0, regen=40.0, width=50.0, speed=2.0,
                                                phase=60.0, modulation=A.Modulation.TRIANGULAR,
                                                interpolation=A.Interpolation.QUADRATIC)),
        "flanger_batch": ("batch", A.Flanger(8000, regen=-30.0, speed=3.0)),
        "flanger_f64": ("wave64_2d", A.Flanger(8000, delay=1.0, interpolation=A.Interpolation.QUADRATIC)),
        "pitch": ("chirp", A.DetectPitchFrequency(8000)),
        "pitch_2ch": ("chirp2", A.DetectPitchFrequency(8000, frame_time=0.02, win_length=5, freq_low=60,
                                                       freq_high=1000)),
        "pitch_short": ("wave", A.DetectPitchFrequency(8000, win_length=3)),
        "pitch_f64": ("wave64", A.DetectPitchFrequency(8000, frame_time=0.005, win_length=4, freq_low=100)),
        "pitch_shift": ("chirp", A.PitchShift(8000, 4)),
        "pitch_shift_down_2ch": ("chirp2", A.PitchShift(8000, -3, bins_per_octave=10, n_fft=256, win_length=200,
                                                        hop_length=60, window=A.WindowType.HAMMING)),
        "pitch_shift_f64": ("wave64", A.PitchShift(16000, 7, n_fft=128)),
        "pitch_shift_zero": ("wave", A.PitchShift(8000, 0, n_fft=64)),
        "pitch_float_freq": ("wave", A.DetectPitchFrequency(8000, win_length=3, freq_low=100.5)),
    }


ERROR_CASES = {
    "phaser_rate_type": lambda: A.Phaser(8000.0),
    "phaser_decay": lambda: A.Phaser(8000, decay=1.0),
    "phaser_sinusoidal": lambda: A.Phaser(8000, sinusoidal=1),
    "flanger_delay": lambda: A.Flanger(8000, delay=31.0),
    "flanger_modulation": lambda: A.Flanger(8000, modulation="sinusoidal"),
    "flanger_rate_zero": lambda: A.Flanger(0),
    "flanger_1d": lambda: A.Flanger(8000)(np.zeros(10, np.float32)),
    "pitch_win": lambda: A.DetectPitchFrequency(8000, win_length=0),
    "pitch_freq": lambda: A.DetectPitchFrequency(8000, freq_low=-1),
    "pitch_shift_win": lambda: A.PitchShift(8000, 2, n_fft=64, win_length=65),
    "pitch_shift_bins": lambda: A.PitchShift(8000, 2, bins_per_octave=0),
    "pitch_shift_window": lambda: A.PitchShift(8000, 2, window="hann"),
    "imel_max_iter": lambda: A.InverseMelScale(33, max_iter=0),
    "imel_fmin": lambda: A.InverseMelScale(33, f_min=5000.0, sample_rate=8000),
    "imel_norm": lambda: A.InverseMelScale(33, norm="slaney"),
    "imel_n_mels": lambda: A.InverseMelScale(33, n_mels=10)(np.zeros((8, 4), np.float32)),
    "pitch_string": lambda: A.DetectPitchFrequency(8000)(np.array(["a", "b"])),
}


IMEL_CASES = {"default_lr": dict(max_iter=2000), "lr_0.05": dict(max_iter=300, sgdargs={"sgd_lr": 0.05,
                                                                                    "sgd_momentum": 0.0}),
              "tolerance_change": dict(max_iter=3000, tolerance_change=1e-4)}


def inverse_mel():
    """InverseMelScale starts from random noise (MindSpore's std::mt19937): shapes, dtypes and how well the
    result's mel projection matches the input (mean squared error) are compared, not values."""
    rng = np.random.RandomState(3)
    spec = rng.uniform(0, 2, (2, 33, 6)).astype(np.float32)
    mel = A.MelScale(n_mels=10, sample_rate=8000, n_stft=33)(spec)
    out = {}
    for name, kw in IMEL_CASES.items():
        res = A.InverseMelScale(33, n_mels=10, sample_rate=8000, **kw)(mel)
        back = A.MelScale(n_mels=10, sample_rate=8000, n_stft=33)(res)
        out[name] = [list(res.shape), str(res.dtype), float(np.mean((back - mel) ** 2)), float(res.min())]
    out["float64"] = str(A.InverseMelScale(33, n_mels=10, sample_rate=8000, max_iter=5)(mel.astype(np.float64)).dtype)
    return out


def run_all():
    data = inputs()
    out = {}
    for name, (key, op) in cases().items():
        try:
            out[name] = np.asarray(op(data[key]))
        except Exception as e:  # noqa: BLE001 - recorded as the error type
            out[name] = type(e).__name__
    return out


def run_errors():
    out = {}
    for name, make in ERROR_CASES.items():
        try:
            make()
            out[name] = None
        except Exception as e:  # noqa: BLE001 - recorded
            out[name] = type(e).__name__
    return out


if __name__ == "__main__":
    import refutil
    res = run_all()
    bad = {k: v for k, v in res.items() if isinstance(v, str)}
    print("errors:", bad)
    refutil.save_npz("dataset", "audio_extra", **{k: v for k, v in res.items() if not isinstance(v, str)})
    errors = run_errors()
    errors.update({"run:" + k: v for k, v in bad.items()})  # cases MindSpore refuses when applied
    refutil.save_json("dataset", "audio_extra_errors", errors)
    refutil.save_json("dataset", "audio_extra_inverse_mel", inverse_mel())
    print("ok", len(res))
