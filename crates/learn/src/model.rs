//! A model file: the network's weights as safetensors, with ply's header in the file's
//! metadata (key `ply`, JSON): the game, the variant, the observation shape, the action
//! count, the seats, the tower's size, the training steps and games behind it, and the
//! command that made it. Any safetensors reader opens it; ply refuses one whose header does
//! not fit the position it is asked to play.
//!
//! Every model file is hostile until checked ([`Model::from_bytes`]): read through
//! `ply_core::files` with a cap ([`MODEL_FILE`]); the safetensors header parsed and its
//! offsets checked against the bytes (a truncated or padded file is refused); the tower's
//! size bounded before anything is built; every tensor's name, type and shape compared with
//! the net the header describes; every weight checked finite.

use std::collections::HashMap;
use std::path::Path;

use candle_core::{Device, Tensor};
use candle_nn::VarMap;
use ply_core::files::{self, FileError, Input};
use ply_core::{quote, Encode};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::net::{initialise, Net, NetShape, NetSize};

/// The model files ply reads: the bundled ones are at most 8 MB, a default-size net about 2.
pub const MODEL_FILE: Input = Input::new("model file", 64 << 20);

/// The header's version; a file of another is refused.
pub const FORMAT: u32 = 1;

/// The metadata key of ply's header.
const HEADER_KEY: &str = "ply";

/// The largest observation side and action space a model file may declare.
const MAX_SIDE: usize = 64;
const MAX_PLANES: usize = 64;
const MAX_ACTIONS: usize = 1 << 16;

/// What a model is for and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelHeader {
    pub format: u32,
    /// The game's name (`connect4`) and variant in words (`7x6, 4 in a row`).
    pub game: String,
    pub variant: String,
    pub shape: NetShape,
    pub size: NetSize,
    /// Training steps (batches) behind these weights.
    pub steps: u64,
    /// Self-play games behind these weights.
    pub games: u64,
    /// The command that made it.
    pub command: String,
}

impl ModelHeader {
    /// A header for a fresh net for `state`'s game and variant.
    pub fn for_game<G: Encode>(state: &G, size: NetSize, command: &str) -> ModelHeader {
        ModelHeader {
            format: FORMAT,
            game: state.name().to_string(),
            variant: state.variant(),
            shape: shape_of(state),
            size,
            steps: 0,
            games: 0,
            command: command.to_string(),
        }
    }

    /// "connect4 (7x6, 4 in a row)".
    pub fn game_and_variant(&self) -> String {
        describe(&self.game, &self.variant)
    }
}

/// "connect4 (7x6, 4 in a row)", or the game's name alone where it has one variant.
pub(crate) fn describe(game: &str, variant: &str) -> String {
    if variant.is_empty() {
        game.to_string()
    } else {
        format!("{game} ({variant})")
    }
}

/// The net shape `state`'s variant needs.
pub fn shape_of<G: Encode>(state: &G) -> NetShape {
    NetShape {
        observation: crate::input::input_shape(state),
        actions: state.num_actions(),
        seats: state.num_players(),
    }
}

/// Why a model cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ModelError {
    #[error("{0}")]
    File(#[from] FileError),
    #[error("{file} is not a model file: {cause}")]
    Malformed { file: String, cause: String },
    #[error("{file} is a safetensors file without ply's header (metadata key \"ply\"): ply reads only the models `ply train` writes")]
    NoHeader { file: String },
    #[error("{file} has a model header of format {found}; this ply reads format {FORMAT}")]
    Format { file: String, found: u32 },
    #[error("{file} declares {what}; a model may have at most {limit}")]
    TooBig {
        file: String,
        what: String,
        limit: String,
    },
    #[error("{file} does not hold the net its header describes: {cause}")]
    Tensors { file: String, cause: String },
    #[error(
        "{file} holds a weight that is not a finite number ({value} at index {index} of {tensor})"
    )]
    NotFinite {
        file: String,
        tensor: String,
        index: usize,
        value: String,
    },
    #[error("{file} is a model for {model}, not for {game}")]
    WrongGame {
        file: String,
        model: String,
        game: String,
    },
    #[error("{game} has no bundled model {}; {}", quote(name), bundled_list(.names))]
    UnknownName {
        game: String,
        name: String,
        names: Vec<String>,
    },
    #[error("{0}")]
    Candle(String),
}

fn bundled_list(names: &[String]) -> String {
    if names.is_empty() {
        "it bundles none: give a model file's path (`ply train` makes one)".to_string()
    } else {
        format!(
            "its bundled models are {}, or give a model file's path",
            names.join(", ")
        )
    }
}

impl From<candle_core::Error> for ModelError {
    fn from(e: candle_core::Error) -> Self {
        ModelError::Candle(e.to_string())
    }
}

/// A network and its header.
pub struct Model {
    pub header: ModelHeader,
    pub vars: VarMap,
    pub net: Net,
}

/// A parsed model file: the model, the file's metadata, and its extra tensors by name.
pub type Parsed = (Model, HashMap<String, String>, HashMap<String, Tensor>);

impl Model {
    /// A fresh net for `header`, its weights drawn from `rng_seed`.
    pub fn fresh(header: ModelHeader, rng_seed: u64) -> Result<Model, ModelError> {
        check_size("a fresh model", &header)?;
        let vars = VarMap::new();
        let net = Net::new(header.shape, header.size, &vars)?;
        initialise(&vars, rng_seed)?;
        Ok(Model { header, vars, net })
    }

    /// Every variable by name, sorted.
    pub fn tensors(&self) -> Vec<(String, Tensor)> {
        let data = self
            .vars
            .data()
            .lock()
            .expect("the variable map is not poisoned");
        let mut out: Vec<(String, Tensor)> = data
            .iter()
            .map(|(name, var)| (name.clone(), var.as_tensor().clone()))
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    /// The model file's bytes.
    pub fn to_bytes(&self) -> Result<Vec<u8>, ModelError> {
        self.to_bytes_with(Vec::new(), HashMap::new())
    }

    /// The model file's bytes with more tensors and metadata beside the net's (a training
    /// checkpoint's).
    pub fn to_bytes_with(
        &self,
        extra: Vec<(String, Tensor)>,
        mut metadata: HashMap<String, String>,
    ) -> Result<Vec<u8>, ModelError> {
        let header = serde_json::to_string(&self.header).expect("a header serialises");
        metadata.insert(HEADER_KEY.to_string(), header);
        let mut tensors = self.tensors();
        tensors.extend(extra);
        safetensors::serialize(tensors, Some(metadata)).map_err(|e| ModelError::Malformed {
            file: "the model being saved".into(),
            cause: e.to_string(),
        })
    }

    /// Writes the model to `path` (whole, through a temporary file).
    pub fn save(&self, path: &Path) -> Result<(), ModelError> {
        files::write_atomically(path, "model file", &self.to_bytes()?)?;
        Ok(())
    }

    /// Reads and checks the model file at `path`.
    pub fn read(path: &Path) -> Result<Model, ModelError> {
        let bytes = files::read(path, MODEL_FILE)?;
        Model::from_bytes(&bytes, &files::shown(path))
    }

    /// Checks and loads a model from its bytes; `source` names them in errors (a quoted
    /// path, or "the bundled model NAME").
    pub fn from_bytes(bytes: &[u8], source: &str) -> Result<Model, ModelError> {
        Ok(Model::parse(bytes, source, None)?.0)
    }

    /// [`Model::from_bytes`] for a file that also holds tensors named `extra_prefix…` (a
    /// training checkpoint's optimizer state): returns them, and the file's metadata.
    pub fn parse(
        bytes: &[u8],
        source: &str,
        extra_prefix: Option<&str>,
    ) -> Result<Parsed, ModelError> {
        let malformed = |cause: String| ModelError::Malformed {
            file: source.to_string(),
            cause,
        };
        let (_, metadata) = safetensors::SafeTensors::read_metadata(bytes)
            .map_err(|e| malformed(safetensors_cause(&e)))?;
        let extra_metadata = metadata.metadata().clone().unwrap_or_default();
        let header_text = extra_metadata
            .get(HEADER_KEY)
            .ok_or_else(|| ModelError::NoHeader {
                file: source.to_string(),
            })?;
        let format = serde_json::from_str::<serde_json::Value>(header_text)
            .ok()
            .and_then(|v| v.get("format").and_then(|f| f.as_u64()));
        if let Some(found) = format.filter(|&f| f != u64::from(FORMAT)) {
            return Err(ModelError::Format {
                file: source.to_string(),
                found: found.min(u64::from(u32::MAX)) as u32,
            });
        }
        let header: ModelHeader = serde_json::from_str(header_text)
            .map_err(|e| malformed(format!("its header is not ply's: {e}")))?;
        check_size(source, &header)?;

        // The net the header describes, compared tensor by tensor with the file's.
        let vars = VarMap::new();
        let net = Net::new(header.shape, header.size, &vars)?;
        let expected: HashMap<String, Vec<usize>> = vars
            .data()
            .lock()
            .expect("the variable map is not poisoned")
            .iter()
            .map(|(n, v)| (n.clone(), v.dims().to_vec()))
            .collect();
        let found = metadata.tensors();
        let tensors_error = |cause: String| ModelError::Tensors {
            file: source.to_string(),
            cause,
        };
        let is_extra = |name: &str| extra_prefix.is_some_and(|p| name.starts_with(p));
        for (name, info) in &found {
            if info.dtype != safetensors::Dtype::F32 {
                return Err(tensors_error(format!(
                    "tensor {} is {:?}, not F32",
                    quote(name),
                    info.dtype
                )));
            }
            match expected.get(name) {
                Some(shape) if info.shape != *shape => {
                    return Err(tensors_error(format!(
                        "tensor {} has shape {:?}, not {:?}",
                        quote(name),
                        info.shape,
                        shape
                    )))
                }
                None if !is_extra(name) => {
                    return Err(tensors_error(format!(
                        "an unexpected tensor {}",
                        quote(name)
                    )))
                }
                _ => {}
            }
        }
        let mut names: Vec<&String> = expected.keys().collect();
        names.sort();
        if let Some(missing) = names.iter().find(|n| !found.contains_key(**n)) {
            return Err(tensors_error(format!("no tensor {}", quote(missing))));
        }

        let mut loaded = candle_core::safetensors::load_buffer(bytes, &Device::Cpu)?;
        for (name, tensor) in &loaded {
            let values = tensor.flatten_all()?.to_vec1::<f32>()?;
            if let Some(index) = values.iter().position(|x| !x.is_finite()) {
                return Err(ModelError::NotFinite {
                    file: source.to_string(),
                    tensor: name.clone(),
                    index,
                    value: values[index].to_string(),
                });
            }
        }
        {
            let data = vars
                .data()
                .lock()
                .expect("the variable map is not poisoned");
            for name in names {
                let tensor = loaded
                    .remove(name)
                    .expect("every expected tensor was found");
                data[name].set(&tensor)?;
            }
        }
        Ok((Model { header, vars, net }, extra_metadata, loaded))
    }

    /// Whether this model plays `state`'s game and variant; the error names both.
    pub fn check_fits<G: Encode>(&self, state: &G, source: &str) -> Result<(), ModelError> {
        let game = describe(state.name(), &state.variant());
        if self.header.game != state.name()
            || self.header.variant != state.variant()
            || self.header.shape != shape_of(state)
        {
            return Err(ModelError::WrongGame {
                file: source.to_string(),
                model: self.header.game_and_variant(),
                game,
            });
        }
        Ok(())
    }

    /// A copy with its own variables (the trainer's net goes on changing; a copy is a
    /// snapshot for self-play or a match).
    pub fn snapshot(&self) -> Result<Model, ModelError> {
        let vars = VarMap::new();
        let net = Net::new(self.header.shape, self.header.size, &vars)?;
        {
            let data = vars
                .data()
                .lock()
                .expect("the variable map is not poisoned");
            for (name, tensor) in self.tensors() {
                data[&name].set(&tensor.copy()?)?;
            }
        }
        Ok(Model {
            header: self.header.clone(),
            vars,
            net,
        })
    }
}

/// A safetensors error in words a person can act on.
fn safetensors_cause(e: &safetensors::SafeTensorError) -> String {
    use safetensors::SafeTensorError as E;
    match e {
        E::HeaderTooSmall => "it is too short to hold a safetensors header".into(),
        E::MetadataIncompleteBuffer => {
            "its length does not match its header (cut short, or with bytes after its end)".into()
        }
        E::InvalidHeaderLength => "its header length runs past the end of the file".into(),
        other => other.to_string(),
    }
}

/// Refuses a header whose net would be unreasonably large, before anything is built.
fn check_size(source: &str, header: &ModelHeader) -> Result<(), ModelError> {
    let too_big = |what: String, limit: String| ModelError::TooBig {
        file: source.to_string(),
        what,
        limit,
    };
    let NetSize { blocks, channels } = header.size;
    let [planes, rows, cols] = header.shape.observation;
    if blocks > NetSize::MAX_BLOCKS {
        return Err(too_big(
            format!("{blocks} blocks"),
            NetSize::MAX_BLOCKS.to_string(),
        ));
    }
    if channels == 0 || channels > NetSize::MAX_CHANNELS {
        return Err(too_big(
            format!("{channels} channels"),
            format!("1 to {}", NetSize::MAX_CHANNELS),
        ));
    }
    if planes == 0
        || planes > MAX_PLANES
        || rows == 0
        || rows > MAX_SIDE
        || cols == 0
        || cols > MAX_SIDE
    {
        return Err(too_big(
            format!("an observation of {planes}x{rows}x{cols}"),
            format!("{MAX_PLANES} planes of {MAX_SIDE}x{MAX_SIDE}"),
        ));
    }
    let actions = header.shape.actions;
    if actions == 0 || actions > MAX_ACTIONS {
        return Err(too_big(
            format!("{actions} actions"),
            format!("1 to {MAX_ACTIONS}"),
        ));
    }
    let seats = header.shape.seats;
    if seats == 0 || seats > ply_core::MAX_PLAYERS {
        return Err(too_big(
            format!("{seats} seats"),
            format!("1 to {}", ply_core::MAX_PLAYERS),
        ));
    }
    // The weights themselves must fit the file cap (4 bytes each).
    let weights = crate::net::parameter_estimate(header.shape, header.size);
    if weights.saturating_mul(4) > MODEL_FILE.cap as usize {
        return Err(too_big(
            format!("a net of {weights} weights"),
            files::bytes(MODEL_FILE.cap),
        ));
    }
    Ok(())
}
