import type { SeedCurrency } from './types';

export type { SeedCurrency } from './types';

/**
 * The currencies of a fresh install. Ids 1 BTC, 2 ETH, 3 USDT and 30 USDC are fixed (other data
 * refers to them); 4–11 are further listed assets and 12 is the platform token TSR. Prices are
 * reference prices in USDT used until live quotes arrive; logos are in apps/server/assets/coins/.
 */
export const SEED_CURRENCIES: SeedCurrency[] = [
  {
    id: 1,
    name: 'BTC',
    full_name: 'Bitcoin',
    currency_type: 'btc',
    decimals: 8,
    logo: 'btc.svg',
    usdt_price: '96250.5',
    desc: {
      en: '<p>Bitcoin (BTC) is the first decentralised digital currency, launched in 2009 by the pseudonymous Satoshi Nakamoto. Transactions are recorded on a public blockchain secured by proof-of-work mining, with a new block about every ten minutes.</p><p>The supply of bitcoin is capped at 21 million coins, and the rate at which new coins are issued halves roughly every four years. Bitcoin is the most widely held and traded digital asset and is often used as a reference for the whole market.</p>',
      zh: '<p>比特币（BTC）是第一种去中心化数字货币，由化名为中本聪（Satoshi Nakamoto）的开发者于 2009 年推出。交易记录在由工作量证明挖矿保障安全的公开区块链上，约每十分钟产生一个新区块。</p><p>比特币总量上限为 2100 万枚，新币发行速度约每四年减半一次。比特币是持有与交易最广泛的数字资产，常被视为整个市场的风向标。</p>',
    },
  },
  {
    id: 2,
    name: 'ETH',
    full_name: 'Ethereum',
    currency_type: 'eth',
    decimals: 18,
    logo: 'eth.svg',
    usdt_price: '3421.37',
    desc: {
      en: '<p>Ethereum is an open blockchain platform for smart contracts: programs that run exactly as written on a shared, public network. Launched in 2015, it hosts thousands of tokens and applications, including decentralised exchanges, lending protocols and stablecoins.</p><p>Ether (ETH) is the native currency of Ethereum and pays for computation on the network ("gas"). Since 2022 Ethereum has been secured by proof of stake, in which validators lock ETH to propose and confirm blocks.</p>',
      zh: '<p>以太坊是一个支持智能合约的开放区块链平台，智能合约是在公共网络上严格按代码执行的程序。以太坊于 2015 年上线，承载着数以千计的代币与应用，包括去中心化交易所、借贷协议和稳定币。</p><p>以太币（ETH）是以太坊的原生货币，用于支付网络计算费用（Gas）。自 2022 年起，以太坊采用权益证明机制，由质押 ETH 的验证者出块并确认交易。</p>',
    },
  },
  {
    id: 3,
    name: 'USDT',
    full_name: 'Tether USD',
    currency_type: 'usdt',
    decimals: 6,
    logo: 'usdt.svg',
    usdt_price: '1',
    desc: {
      en: '<p>Tether USD (USDT) is a stablecoin designed to keep a value of one US dollar, which its issuer states is backed by reserves. It is issued on several blockchains, including Ethereum (ERC-20) and TRON (TRC-20).</p><p>On Tessera, USDT is the quote currency of all spot pairs, the margin currency of leveraged contracts, and the main asset bought and sold in the fiat market. When depositing or withdrawing, always check that you use the same network on both sides.</p>',
      zh: '<p>泰达币（USDT）是一种以 1 美元价值为锚定目标的稳定币，其发行方称由储备资产提供支持。USDT 在多条区块链上发行，包括以太坊（ERC-20）和波场（TRC-20）。</p><p>在 Tessera，USDT 是所有币币交易对的计价货币、杠杆合约的保证金币种，也是法币市场中主要买卖的资产。充值或提币时，请务必确认收发双方使用同一网络。</p>',
    },
  },
  {
    id: 4,
    name: 'LTC',
    full_name: 'Litecoin',
    currency_type: 'btc',
    decimals: 8,
    logo: 'ltc.svg',
    usdt_price: '98.42',
    desc: {
      en: '<p>Litecoin (LTC) is a peer-to-peer digital currency created in 2011 as a lighter variant of Bitcoin. It uses the Scrypt proof-of-work algorithm and produces a block about every two and a half minutes, so payments confirm faster than on Bitcoin.</p><p>The total supply of litecoin is capped at 84 million coins. Litecoin is one of the longest-running blockchains and is often used for low-cost transfers.</p>',
      zh: '<p>莱特币（LTC）是 2011 年推出的点对点数字货币，被视为比特币的“轻量版”。它采用 Scrypt 工作量证明算法，约每两分半钟产生一个区块，因此支付确认速度快于比特币。</p><p>莱特币总量上限为 8400 万枚，是运行时间最长的区块链之一，常用于低成本转账。</p>',
    },
  },
  {
    id: 5,
    name: 'BCH',
    full_name: 'Bitcoin Cash',
    currency_type: 'btc',
    decimals: 8,
    logo: 'bch.svg',
    usdt_price: '468.3',
    desc: {
      en: '<p>Bitcoin Cash (BCH) was created in 2017 by a hard fork of the Bitcoin blockchain. Its supporters increased the block size limit so that more transactions fit into each block, with the aim of keeping fees low for everyday payments.</p><p>Like Bitcoin, Bitcoin Cash uses proof-of-work mining, produces a block about every ten minutes and has a maximum supply of 21 million coins.</p>',
      zh: '<p>比特币现金（BCH）诞生于 2017 年比特币区块链的一次硬分叉。其支持者提高了区块大小上限，使每个区块可容纳更多交易，以保持日常支付的低手续费。</p><p>与比特币相同，比特币现金采用工作量证明挖矿，约每十分钟产生一个区块，最大供应量为 2100 万枚。</p>',
    },
  },
  {
    id: 6,
    name: 'DOGE',
    full_name: 'Dogecoin',
    currency_type: 'btc',
    decimals: 8,
    logo: 'doge.svg',
    usdt_price: '0.18245',
    desc: {
      en: '<p>Dogecoin (DOGE) started in 2013 as a light-hearted digital currency inspired by an internet meme, and grew into one of the best-known crypto assets with a large online community.</p><p>Dogecoin uses Scrypt proof-of-work mining with a block about every minute. Unlike Bitcoin, it has no maximum supply: a fixed number of new coins is issued every year.</p>',
      zh: '<p>狗狗币（DOGE）于 2013 年诞生，最初是一种受网络流行梗启发的娱乐性数字货币，后来发展为拥有庞大社区、知名度极高的加密资产之一。</p><p>狗狗币采用 Scrypt 工作量证明挖矿，约每分钟产生一个区块。与比特币不同，狗狗币没有总量上限，每年发行固定数量的新币。</p>',
    },
  },
  {
    id: 7,
    name: 'TRX',
    full_name: 'TRON',
    currency_type: 'trc20',
    decimals: 6,
    logo: 'trx.svg',
    usdt_price: '0.2461',
    desc: {
      en: '<p>TRX is the native currency of the TRON blockchain, a high-throughput network whose blocks are produced by elected representatives (delegated proof of stake). TRON is widely used for transfers of stablecoins issued as TRC-20 tokens.</p><p>Holders can stake TRX to obtain the bandwidth and energy that transactions and smart contracts consume on the network, and to vote for block producers.</p>',
      zh: '<p>TRX 是波场（TRON）区块链的原生货币。波场是高吞吐量网络，由选举产生的超级代表出块（委托权益证明），被广泛用于以 TRC-20 代币形式发行的稳定币转账。</p><p>持有者可以质押 TRX，以获得网络交易与智能合约所消耗的带宽和能量，并为出块节点投票。</p>',
    },
  },
  {
    id: 8,
    name: 'LINK',
    full_name: 'Chainlink',
    currency_type: 'erc20',
    decimals: 18,
    logo: 'link.svg',
    usdt_price: '17.86',
    desc: {
      en: '<p>Chainlink is a decentralised oracle network: it delivers off-chain data such as asset prices to smart contracts on many blockchains, so that applications like lending protocols can react to real-world information.</p><p>LINK is an ERC-20 token on Ethereum used to pay the node operators that provide this data. On Tessera, LINK is deposited and withdrawn over the Ethereum (ERC-20) network.</p>',
      zh: '<p>Chainlink 是一个去中心化预言机网络，可将资产价格等链下数据提供给多条区块链上的智能合约，使借贷协议等应用能够响应现实世界的信息。</p><p>LINK 是以太坊上的 ERC-20 代币，用于向提供数据的节点运营者支付费用。在 Tessera，LINK 通过以太坊（ERC-20）网络充提。</p>',
    },
  },
  {
    id: 9,
    name: 'UNI',
    full_name: 'Uniswap',
    currency_type: 'erc20',
    decimals: 18,
    logo: 'uni.svg',
    usdt_price: '9.742',
    desc: {
      en: '<p>Uniswap is a decentralised exchange protocol on Ethereum that uses automated market makers: instead of an order book, trades are made against pools of tokens supplied by liquidity providers, at prices set by a formula.</p><p>UNI, launched in 2020, is the governance token of the protocol; holders can propose and vote on changes. On Tessera, UNI is deposited and withdrawn over the Ethereum (ERC-20) network.</p>',
      zh: '<p>Uniswap 是以太坊上的去中心化交易协议，采用自动做市商机制：交易不经过订单簿，而是与流动性提供者注入的代币池按公式定价成交。</p><p>UNI 于 2020 年推出，是该协议的治理代币，持有者可以提出并投票表决协议变更。在 Tessera，UNI 通过以太坊（ERC-20）网络充提。</p>',
    },
  },
  {
    id: 10,
    name: 'ETC',
    full_name: 'Ethereum Classic',
    currency_type: 'eth',
    decimals: 18,
    logo: 'etc.svg',
    usdt_price: '21.35',
    desc: {
      en: '<p>Ethereum Classic (ETC) is the continuation of the original Ethereum blockchain. It split from Ethereum in 2016, when part of the community declined a hard fork that reversed the effects of a well-known smart-contract exploit.</p><p>Ethereum Classic supports the same kind of smart contracts as Ethereum but remains secured by proof-of-work mining, and it follows a fixed, decreasing issuance schedule.</p>',
      zh: '<p>以太坊经典（ETC）是原始以太坊区块链的延续。2016 年，为挽回一次著名的智能合约漏洞造成的损失，以太坊进行了硬分叉，部分社区成员拒绝该分叉并继续维护原链，由此形成以太坊经典。</p><p>以太坊经典支持与以太坊同类的智能合约，但仍采用工作量证明挖矿，并遵循固定递减的发行计划。</p>',
    },
  },
  {
    id: 11,
    name: 'AAVE',
    full_name: 'Aave',
    currency_type: 'erc20',
    decimals: 18,
    logo: 'aave.svg',
    usdt_price: '265.4',
    desc: {
      en: '<p>Aave is a decentralised lending protocol: users deposit crypto assets into pools to earn interest, and borrowers take loans from those pools against collateral, with interest rates set by supply and demand.</p><p>AAVE is the ERC-20 governance token of the protocol. Holders vote on changes to its parameters and can stake AAVE as a backstop for the protocol\'s safety module.</p>',
      zh: '<p>Aave 是一个去中心化借贷协议：用户将加密资产存入资金池赚取利息，借款人以抵押品从资金池借款，利率由供求关系决定。</p><p>AAVE 是该协议的 ERC-20 治理代币，持有者可对协议参数的调整进行投票，也可质押 AAVE 作为协议安全模块的后备保障。</p>',
    },
  },
  {
    id: 12,
    name: 'TSR',
    full_name: 'Tessera Token',
    currency_type: 'erc20',
    decimals: 18,
    logo: 'tsr.svg',
    usdt_price: '0.852',
    desc: {
      en: '<p>Tessera Token (TSR) is the platform token of Tessera, issued as an ERC-20 token. Verified users can subscribe to TSR with USDT during subscription rounds, and trade it against USDT once its spot market is open.</p><p>The terms of each subscription round, and any uses of TSR on the platform, are published in the Notices. The price of TSR depends on market demand and can fall as well as rise.</p>',
      zh: '<p>Tessera Token（TSR）是 Tessera 的平台币，以 ERC-20 代币形式发行。已认证用户可在认购期内使用 USDT 认购 TSR，其币币市场开放后亦可与 USDT 进行交易。</p><p>每期认购的条件以及 TSR 在平台上的用途均以公告为准。TSR 的价格取决于市场供求，可能上涨也可能下跌。</p>',
    },
  },
  {
    id: 30,
    name: 'USDC',
    full_name: 'USD Coin',
    currency_type: 'erc20',
    decimals: 6,
    logo: 'usdc.svg',
    usdt_price: '0.9999',
    desc: {
      en: '<p>USD Coin (USDC) is a stablecoin designed to keep a value of one US dollar, which its issuer states is fully backed by cash and short-term government securities. It is widely used across decentralised applications and for transfers between platforms.</p><p>On Tessera, USDC is deposited and withdrawn over the Ethereum (ERC-20) network.</p>',
      zh: '<p>USD Coin（USDC）是一种以 1 美元价值为锚定目标的稳定币，其发行方称由现金及短期政府债券全额支持，被广泛用于去中心化应用及平台间转账。</p><p>在 Tessera，USDC 通过以太坊（ERC-20）网络充提。</p>',
    },
  },
];
