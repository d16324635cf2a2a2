"""mindspore.dataset.audio transforms and utils under MindSpore 2.10 on fixed waveforms and spectrograms.
tests/dataset/test_audio.py runs this same file's run_all() through the ms_compat alias and compares (float32)."""
import numpy as np

import mindspore.dataset.audio as A


def inputs():
    rng = np.random.RandomState(5)
    t = np.arange(600) / 8000.0
    wave = (0.5 * np.sin(2 * np.pi * 440 * t) + 0.2 * rng.uniform(-1, 1, t.shape)).astype(np.float32)
    return {"wave": wave, "wave2": np.stack([wave, wave[::-1].copy() * 0.7]),
            "spec": rng.uniform(0, 4, (2, 33, 12)).astype(np.float32),
            "cplx": rng.uniform(-2, 2, (3, 5, 2)).astype(np.float32),
            "db": rng.uniform(-60, 10, (4, 6)).astype(np.float32),
            "cplx_spec": rng.uniform(-1, 1, (9, 10, 2)).astype(np.float32),
            "mag_spec": rng.uniform(0, 2, (2, 9, 11)).astype(np.float32)}


def cases():
    common = {"n_fft": 64, "win_length": 64, "hop_length": 16, "pad": 0, "window": A.WindowType.HANN, "power": 2.0,
              "normalized": False, "center": True, "pad_mode": A.BorderType.REFLECT, "onesided": True}
    melkw = dict(common, f_min=0.0, f_max=4000.0, n_mels=10, norm=A.NormType.NONE, mel_scale=A.MelType.HTK)
    return {
        "spectrogram": ("wave", A.Spectrogram(n_fft=64)),  # noqa: E501
        "spectrogram_2ch": ("wave2", A.Spectrogram(n_fft=64, hop_length=20, power=1.0)),
        "spectrogram_opts": ("wave", A.Spectrogram(n_fft=64, win_length=48, hop_length=10, pad=3,
                                                   window=A.WindowType.HAMMING, normalized=True,
                                                   pad_mode=A.BorderType.CONSTANT)),
        "spectrogram_edge": ("wave", A.Spectrogram(n_fft=32, window=A.WindowType.BLACKMAN,
                                                   pad_mode=A.BorderType.EDGE)),
        "spectrogram_nocenter": ("wave", A.Spectrogram(n_fft=32, center=False, window=A.WindowType.BARTLETT)),
        "spectrogram_symmetric": ("wave", A.Spectrogram(n_fft=32, pad_mode=A.BorderType.SYMMETRIC)),
        "melscale": ("spec", A.MelScale(n_mels=8, sample_rate=8000, n_stft=33)),
        "melscale_slaney": ("spec", A.MelScale(n_mels=6, sample_rate=8000, f_min=50.0, f_max=3500.0, n_stft=33,
                                               norm=A.NormType.SLANEY, mel_type=A.MelType.SLANEY)),
        "melspectrogram": ("wave", A.MelSpectrogram(sample_rate=8000, **melkw)),
        "to_db": ("spec", A.AmplitudeToDB()),
        "to_db_mag": ("spec", A.AmplitudeToDB(A.ScaleType.MAGNITUDE, ref_value=2.0, amin=1e-5, top_db=10.0)),
        "db_to_amp": ("db", A.DBToAmplitude(0.5, 1.0)),
        "complex_norm": ("cplx", A.ComplexNorm(1.5)),
        "angle": ("cplx", A.Angle()),
        "mfcc": ("wave", A.MFCC(sample_rate=8000, n_mfcc=5, melkwargs=melkw)),
        "mfcc_log": ("wave", A.MFCC(sample_rate=8000, n_mfcc=4, norm=A.NormMode.NONE, log_mels=True, melkwargs=melkw)),
        "lfcc": ("wave", A.LFCC(sample_rate=8000, n_filter=12, n_lfcc=6, speckwargs=common)),
        "deltas": ("spec", A.ComputeDeltas()),
        "deltas_7_constant": ("spec", A.ComputeDeltas(7, A.BorderType.CONSTANT)),
        "deltas_reflect": ("spec", A.ComputeDeltas(3, A.BorderType.REFLECT)),
        "contrast": ("wave", A.Contrast(60.0)),
        "dc_shift": ("wave", A.DCShift(0.3)),
        "dc_shift_limit": ("wave", A.DCShift(0.4, 0.05)),
        "dc_shift_neg_limit": ("wave", A.DCShift(-0.6, 0.1)),
        "gain": ("wave", A.Gain(3.5)),
        "vol_amp": ("wave", A.Vol(1.8)),
        "vol_power": ("wave", A.Vol(3.0, A.GainType.POWER)),
        "vol_db": ("wave", A.Vol(-4.0, A.GainType.DB)),
        "mask_axis_freq": ("spec", A.MaskAlongAxis(2, 5, 9.0, 1)),
        "mask_axis_time": ("spec", A.MaskAlongAxis(1, 3, -1.0, 2)),
        "freq_masking": ("spec", A.FrequencyMasking(False, 4, 3, 2.5)),
        "time_masking": ("spec", A.TimeMasking(False, 2, 6)),
        "mulaw_enc": ("wave", A.MuLawEncoding()),
        "mulaw_enc_16": ("wave", A.MuLawEncoding(16)),
        "spectral_centroid": ("wave", A.SpectralCentroid(8000, n_fft=64, hop_length=16)),
        "fade_linear": ("wave", A.Fade(100, 50)),
        "fade_log": ("wave", A.Fade(80, 120, A.FadeShape.LOGARITHMIC)),
        "fade_qsine": ("wave", A.Fade(80, 120, A.FadeShape.QUARTER_SINE)),
        "fade_hsine": ("wave", A.Fade(80, 120, A.FadeShape.HALF_SINE)),
        "lfilter": ("wave2", A.LFilter([1.0, -0.5, 0.2], [0.3, 0.2, 0.1])),
        "lfilter_noclamp": ("wave", A.LFilter([0.5, 0.1], [2.0, 1.5], clamp=False)),
        "filtfilt": ("wave", A.Filtfilt([1.0, -0.3], [0.5, 0.4])),
        "biquad": ("wave", A.Biquad(0.2, 0.3, 0.1, 1.0, -0.2, 0.05)),
        "lowpass": ("wave", A.LowpassBiquad(8000, 1000.0)),
        "highpass": ("wave2", A.HighpassBiquad(8000, 500.0, 0.5)),
        "allpass": ("wave", A.AllpassBiquad(8000, 700.0)),
        "bandpass": ("wave", A.BandpassBiquad(8000, 440.0, 0.6, True)),
        "bandreject": ("wave", A.BandrejectBiquad(8000, 440.0)),
        "band": ("wave", A.BandBiquad(8000, 900.0, 0.8)),
        "band_noise": ("wave", A.BandBiquad(8000, 900.0, 0.8, True)),
        "bass": ("wave", A.BassBiquad(8000, 6.0)),
        "treble": ("wave", A.TrebleBiquad(8000, -4.0, 2000)),
        "equalizer": ("wave", A.EqualizerBiquad(8000, 1200.0, 3.0, 0.9)),
        "deemph": ("wave", A.DeemphBiquad(44100)),
        "riaa": ("wave", A.RiaaBiquad(48000)),
        "resample_down": ("wave", A.Resample(8000, 6000)),
        "resample_up": ("wave2", A.Resample(8000, 11025, lowpass_filter_width=4, rolloff=0.9)),
        "resample_kaiser": ("wave", A.Resample(16000, 8000, A.ResampleMethod.KAISER_WINDOW, beta=8.0)),
        "overdrive": ("wave2", A.Overdrive(10.0, 30.0)),
        "cmn": ("spec", A.SlidingWindowCmn(5, 3)),
        "cmn_center_vars": ("spec", A.SlidingWindowCmn(4, 2, True, True)),
        "inverse_spectrogram": ("cplx_spec", A.InverseSpectrogram(n_fft=16, hop_length=4)),
        "inverse_spectrogram_len": ("cplx_spec", A.InverseSpectrogram(length=30, n_fft=16, hop_length=4, pad=2,
                                                                      window=A.WindowType.HAMMING)),
        "griffinlim": ("mag_spec", A.GriffinLim(n_fft=16, n_iter=4, hop_length=4, rand_init=False)),
        "griffinlim_nomomentum": ("mag_spec", A.GriffinLim(n_fft=16, n_iter=3, hop_length=4, momentum=0.0,
                                                           length=40, rand_init=False)),
        "phase_vocoder": ("cplx_spec", A.PhaseVocoder(1.3, np.linspace(0, np.pi * 4, 9)[:, None].astype("float32"))),
        "phase_vocoder_slow": ("cplx_spec", A.PhaseVocoder(0.7, np.linspace(0, np.pi * 2, 9)[:, None].astype(np.float32))),
        "time_stretch": ("cplx_spec", A.TimeStretch(4, 9, 1.5)),
        "time_stretch_default": ("cplx_spec", A.TimeStretch(None, 9, 0.8)),
        "dither_tpdf": ("wave2", A.Dither()),
        "dither_tpdf_shaping": ("wave", A.Dither(A.DensityFunction.TPDF, True)),
        "resample_kaiser_default": ("wave", A.Resample(16000, 12000, A.ResampleMethod.KAISER_WINDOW)),
    }


def run_all():
    x = inputs()
    out = {}
    for name, (inp, op) in cases().items():
        try:
            out[name] = np.asarray(op(x[inp].copy()))
        except Exception as e:  # noqa: BLE001 - recorded: the test expects an error too
            out[name] = "error:" + type(e).__name__
    mag, ph = A.Magphase(2.0)(x["cplx"].copy())
    out["magphase_mag"], out["magphase_phase"] = np.asarray(mag), np.asarray(ph)
    out["mulaw_dec"] = np.asarray(A.MuLawDecoding()(np.arange(0, 256, 7).astype(np.float32)))
    out["create_dct"] = A.create_dct(5, 8)
    out["create_dct_ortho"] = A.create_dct(4, 6, A.NormMode.ORTHO)
    out["melscale_fbanks"] = A.melscale_fbanks(17, 0.0, 4000.0, 5, 8000)
    out["melscale_fbanks_slaney"] = A.melscale_fbanks(17, 100.0, 3000.0, 4, 8000, A.NormType.SLANEY,
                                                      A.MelType.SLANEY)
    out["linear_fbanks"] = A.linear_fbanks(17, 0.0, 4000.0, 5, 8000)
    return out


if __name__ == "__main__":
    import refutil
    res = run_all()
    refutil.save_npz("dataset", "audio", **{k: v for k, v in res.items() if not isinstance(v, str)})
    refutil.save_json("dataset", "audio_errors", {k: v for k, v in res.items() if isinstance(v, str)})
    print("ok", len(res), [k for k, v in res.items() if isinstance(v, str)])
