//! Model files: what is saved reads back the same, and every hostile file gets its own
//! error.

use std::path::{Path, PathBuf};

use ply_connect4::Connect4;
use ply_learn::model::{Model, ModelError, ModelHeader, MODEL_FILE};
use ply_learn::net::NetSize;
use ply_tictactoe::TicTacToe;

use crate::scratch;

const SMALL: NetSize = NetSize {
    blocks: 1,
    channels: 8,
};

fn fresh<G: ply_core::Encode>(state: &G, seed: u64) -> Model {
    Model::fresh(ModelHeader::for_game(state, SMALL, "test"), seed).unwrap()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn a_model_file_round_trips() {
    let dir = scratch("round-trip");
    let mut model = fresh(&Connect4::standard(), 5);
    model.header.steps = 1234;
    model.header.games = 56;
    let path = dir.join("m.plym");
    model.save(&path).unwrap();
    let back = Model::read(&path).unwrap();
    assert_eq!(back.header, model.header);
    for ((a, x), (b, y)) in model.tensors().iter().zip(back.tensors()) {
        assert_eq!(*a, b);
        assert_eq!(
            x.flatten_all().unwrap().to_vec1::<f32>().unwrap(),
            y.flatten_all().unwrap().to_vec1::<f32>().unwrap(),
            "{a}"
        );
    }
    // The same bytes again, and the same seed gives the same weights.
    assert_eq!(back.to_bytes().unwrap(), model.to_bytes().unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
    let again = fresh(&Connect4::standard(), 5);
    assert_eq!(
        again.tensors()[3]
            .1
            .flatten_all()
            .unwrap()
            .to_vec1::<f32>()
            .unwrap(),
        model.tensors()[3]
            .1
            .flatten_all()
            .unwrap()
            .to_vec1::<f32>()
            .unwrap()
    );
    let other = fresh(&Connect4::standard(), 6);
    assert_ne!(other.to_bytes().unwrap(), model.to_bytes().unwrap());
}

/// The error `bytes` get, as a message.
fn refused(bytes: &[u8]) -> String {
    match Model::from_bytes(bytes, "'x.plym'") {
        Ok(_) => panic!("accepted"),
        Err(e) => e.to_string(),
    }
}

/// A copy of `model`'s file with its header's JSON edited by `edit`.
fn with_header(model: &Model, edit: impl Fn(&mut serde_json::Value)) -> Vec<u8> {
    let mut header = serde_json::to_value(&model.header).unwrap();
    edit(&mut header);
    let metadata = std::collections::HashMap::from([("ply".to_string(), header.to_string())]);
    safetensors::serialize(model.tensors(), Some(metadata)).unwrap()
}

#[test]
fn each_hostile_model_file_gets_its_own_error() {
    let model = fresh(&TicTacToe::new(), 1);
    let good = model.to_bytes().unwrap();

    let cut = refused(&good[..good.len() - 3]);
    assert!(
        cut.contains("'x.plym' is not a model file") && cut.contains("cut short"),
        "{cut}"
    );
    let padded = refused(&[good.as_slice(), b"extra"].concat());
    assert!(padded.contains("does not match its header"), "{padded}");
    let tiny = refused(b"abc");
    assert!(tiny.contains("too short"), "{tiny}");
    let garbage = refused(&[&[200u8, 0, 0, 0, 0, 0, 0, 0][..], &[b'{'; 200][..]].concat());
    assert!(garbage.contains("is not a model file"), "{garbage}");
    let huge_header = refused(&u64::MAX.to_le_bytes());
    assert!(huge_header.contains("is not a model file"), "{huge_header}");

    let plain = safetensors::serialize(model.tensors(), None).unwrap();
    assert!(refused(&plain).contains("without ply's header"));

    let format = refused(&with_header(&model, |h| h["format"] = 9.into()));
    assert!(format.contains("format 9"), "{format}");
    let not_ply = refused(&with_header(&model, |h| h["shape"] = "round".into()));
    assert!(not_ply.contains("header is not ply's"), "{not_ply}");
    let blocks = refused(&with_header(&model, |h| {
        h["size"]["blocks"] = 100_000.into()
    }));
    assert!(
        blocks.contains("100000 blocks") && blocks.contains("at most 40"),
        "{blocks}"
    );
    let channels = refused(&with_header(&model, |h| {
        h["size"]["channels"] = 5000.into()
    }));
    assert!(channels.contains("5000 channels"), "{channels}");
    let actions = refused(&with_header(&model, |h| {
        h["shape"]["actions"] = (1u64 << 40).into()
    }));
    assert!(actions.contains("actions"), "{actions}");
    let shape = refused(&with_header(&model, |h| h["size"]["channels"] = 9.into()));
    assert!(
        shape.contains("does not hold the net its header describes") && shape.contains("shape"),
        "{shape}"
    );

    let mut tensors = model.tensors();
    tensors.pop();
    let metadata = std::collections::HashMap::from([(
        "ply".to_string(),
        serde_json::to_string(&model.header).unwrap(),
    )]);
    let missing = refused(&safetensors::serialize(tensors, Some(metadata.clone())).unwrap());
    assert!(missing.contains("no tensor"), "{missing}");
    let mut tensors = model.tensors();
    tensors.push(("smuggled".to_string(), tensors[0].1.clone()));
    let extra = refused(&safetensors::serialize(tensors, Some(metadata.clone())).unwrap());
    assert!(extra.contains("unexpected tensor 'smuggled'"), "{extra}");

    let mut tensors = model.tensors();
    let (name, t) = tensors[2].clone();
    let mut values = t.flatten_all().unwrap().to_vec1::<f32>().unwrap();
    values[1] = f32::NAN;
    tensors[2] = (
        name.clone(),
        candle_core::Tensor::from_vec(values, t.dims(), t.device()).unwrap(),
    );
    let nan = refused(&safetensors::serialize(tensors, Some(metadata)).unwrap());
    assert!(
        nan.contains("not a finite number")
            && nan.contains("NaN at index 1")
            && nan.contains(&name),
        "{nan}"
    );
}

#[test]
fn hostile_paths_are_refused_by_what_they_are() {
    let dir = scratch("paths");
    let missing = Model::read(&dir.join("none.plym"))
        .err()
        .unwrap()
        .to_string();
    assert!(missing.contains("does not exist"), "{missing}");
    let folder = Model::read(&dir).err().unwrap().to_string();
    assert!(folder.contains("not a regular file"), "{folder}");
    let zero = Model::read(Path::new("/dev/zero"))
        .err()
        .unwrap()
        .to_string();
    assert!(zero.contains("not a regular file"), "{zero}");
    // A file larger than the cap is refused by its size, before it is read.
    let big = dir.join("big.plym");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(MODEL_FILE.cap + 1)
        .unwrap();
    let oversized = Model::read(&big).err().unwrap().to_string();
    assert!(
        oversized.contains("ply reads at most 64 MiB for a model file"),
        "{oversized}"
    );
    let text = write(&dir, "notes.txt", b"not a model at all\n");
    let e = Model::read(&text).err().unwrap().to_string();
    assert!(e.contains("notes.txt' is not a model file"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_model_for_another_game_or_variant_is_refused_naming_both() {
    let model = fresh(&Connect4::standard(), 1);
    let wide = Connect4::new(8, 7, 4).unwrap();
    let e = model.check_fits(&wide, "'c4.plym'").err().unwrap();
    assert!(matches!(e, ModelError::WrongGame { .. }));
    let text = e.to_string();
    assert!(
        text.contains("connect4 (7x6, 4 in a row)") && text.contains("connect4 (8x7, 4 in a row)"),
        "{text}"
    );
    assert!(model.check_fits(&Connect4::standard(), "").is_ok());
    let ttt = fresh(&TicTacToe::new(), 1);
    let e = ttt
        .check_fits(&Connect4::standard(), "'t.plym'")
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("tictactoe") && e.contains("connect4"), "{e}");
}
