import { html } from './define';
import type { ArticleText } from './define';

/** The user agreement (category 30) in English and Simplified Chinese. */

export const agreementEn: ArticleText = {
  title: 'Tessera User Agreement',
  abstract: 'The terms that apply when you register and use Tessera. Please read them carefully before creating an account.',
  content: html(
    '<p><strong>Last updated: 1 June 2026</strong></p>',
    '<p>This User Agreement ("Agreement") is a contract between you and the operator of the Tessera platform ("Tessera", "we", "us"). It governs your use of the Tessera website, applications and services (the "Services"). By ticking the box on the registration page and creating an account, you confirm that you have read, understood and accepted this Agreement, together with our Privacy Policy, Fee Schedule and Risk Disclosure, which form part of it.</p>',

    '<h3>1. Eligibility</h3>',
    '<ul>',
    '<li>You must be at least 18 years old and have full legal capacity to enter into this Agreement.</li>',
    '<li>You must not be a resident of, or located in, a country or region where the use of digital-asset services is prohibited, or be subject to sanctions.</li>',
    '<li>You are responsible for making sure that your use of the Services is lawful where you live.</li>',
    '</ul>',

    '<h3>2. Your account</h3>',
    '<ul>',
    '<li>You register with an e-mail address or a mobile phone number and a login password of 6 to 16 letters or digits. Each person may hold only one account.</li>',
    '<li>Before withdrawing funds or trading in the fiat market you must set a separate payment password of 6 digits.</li>',
    '<li>You are responsible for keeping your passwords, verification codes and devices secure. Anything done with your account after a correct login is treated as done by you.</li>',
    '<li>After repeated failed login attempts your account is locked for a period of time to protect it. Tell us at once if you suspect unauthorised access.</li>',
    '<li>The information you provide must be true, accurate and kept up to date. Some bindings, such as the e-mail address linked to your account, cannot be changed once set.</li>',
    '</ul>',

    '<h3>3. Identity verification</h3>',
    '<p>To comply with anti-money-laundering and counter-terrorist-financing rules we verify the identity of our users. Verification has three levels:</p>',
    '<ol>',
    '<li><strong>Level 1:</strong> your legal name, country or region and identity document number.</li>',
    '<li><strong>Level 2:</strong> three photos (front and back of your document and a photo of you holding it), in JPG or PNG format, up to 4 MB each.</li>',
    '<li><strong>Level 3:</strong> an advanced review including proof of address, suggested for accounts whose assets are valued above 20 BTC.</li>',
    '</ol>',
    '<p>Some Services are available only at a given level. We may ask for further information at any time and may refuse or revoke verification if the information is incomplete, inconsistent or false. One identity document can verify only one account.</p>',

    '<h3>4. The Services</h3>',
    '<ul>',
    '<li><strong>Spot trading:</strong> buying and selling digital assets against USDT on our order book. Orders are matched by price and then by time.</li>',
    '<li><strong>Leveraged contracts:</strong> long or short positions opened with margin held in a separate leverage account. The minimum transfer to the leverage account is 100 USDT.</li>',
    '<li><strong>Second contracts:</strong> short-term contracts on whether the price of an asset will be higher or lower at the end of a fixed period, settled automatically at the end of the period.</li>',
    '<li><strong>Fiat market:</strong> a marketplace where users buy and sell USDT and other supported digital assets with each other and pay directly in fiat currency. Tessera holds the seller\'s assets during the order but is not a party to the payment.</li>',
    '<li><strong>Token subscriptions:</strong> subscriptions to the Tessera Token (TSR) on the terms published for each round.</li>',
    '</ul>',
    '<p>We may add, change, suspend or withdraw any Service, trading pair or currency, and will announce material changes in advance where possible.</p>',

    '<h3>5. Deposits, withdrawals and transfers</h3>',
    '<ul>',
    '<li>Crypto deposits are credited after 6 network confirmations, which usually takes 10 to 60 minutes. You must send only the supported currency over the supported network to the address shown; assets sent otherwise may be lost.</li>',
    '<li>Withdrawal requests are reviewed before they are sent and are subject to daily limits that depend on your verification level. A withdrawal cannot be cancelled once it has been broadcast to the network.</li>',
    '<li>Funds cannot be transferred out of the leverage account while positions are open.</li>',
    '</ul>',

    '<h3>6. Fiat market rules</h3>',
    '<ul>',
    '<li>A buyer must pay and mark the order as paid within 15 minutes; otherwise the order is cancelled automatically.</li>',
    '<li>A user who cancels 3 orders in one day is restricted from fiat trading for the rest of that day.</li>',
    '<li>Payments must be made from an account in the verified user\'s own name. Tessera may freeze an order and the related assets while a dispute is investigated.</li>',
    '</ul>',

    '<h3>7. Fees</h3>',
    '<p>You agree to pay the fees set out in the Fee Schedule. The fee that applies to an order is shown before you confirm it. Fees are deducted automatically from the relevant account.</p>',

    '<h3>8. Risks</h3>',
    '<p>Digital assets are highly volatile and may lose all of their value. Leveraged positions amplify gains and losses: when the risk rate of your leverage account falls to 110% or below, your positions are liquidated automatically and you may lose your entire margin. In second contracts you lose your stake if the price does not move in the direction you chose. Past performance does not predict future results. Please read the Risk Disclosure before using any Service, and only trade with funds you can afford to lose.</p>',

    '<h3>9. Prohibited conduct</h3>',
    '<p>You must not:</p>',
    '<ul>',
    '<li>use the Services for money laundering, fraud, terrorist financing or any other unlawful purpose;</li>',
    '<li>manipulate the market, including wash trading, spoofing or coordinated price movements;</li>',
    '<li>open accounts for others, use another person\'s identity or lend or sell your account;</li>',
    '<li>attack, overload or reverse-engineer the platform, or access it by automated means beyond the published limits;</li>',
    '<li>infringe the rights of Tessera, other users or third parties.</li>',
    '</ul>',

    '<h3>10. Suspension and termination</h3>',
    '<p>We may restrict, suspend or close your account, cancel open orders and freeze assets where required by law, where we reasonably suspect a breach of this Agreement or a security risk, or at the request of a competent authority. You may close your account at any time after settling all open orders and positions and withdrawing your assets.</p>',

    '<h3>11. Limitation of liability</h3>',
    '<p>The Services are provided "as is". To the extent permitted by law, Tessera is not liable for losses caused by market movements, by your own actions or omissions, by networks or third parties outside our control, or by events of force majeure such as natural disasters, network failures or changes in law. Our total liability to you is limited to the fees you paid us in the twelve months before the claim.</p>',

    '<h3>12. Privacy</h3>',
    '<p>We process your personal data as described in the Privacy Policy, only for providing the Services, for security and for meeting our legal obligations.</p>',

    '<h3>13. Changes to this Agreement</h3>',
    '<p>We may update this Agreement from time to time. We will publish the new version on the platform and, for material changes, notify you before they take effect. If you continue to use the Services after the effective date, you accept the updated Agreement.</p>',

    '<h3>14. Language and contact</h3>',
    '<p>This Agreement is available in several languages; if the versions differ, the English version prevails. Questions about this Agreement can be sent to support@tessera.example.</p>',
  ),
};

export const agreementZh: ArticleText = {
  title: 'Tessera 用户协议',
  abstract: '您注册和使用 Tessera 时适用的条款，请在创建账号前仔细阅读。',
  content: html(
    '<p><strong>最近更新：2026 年 6 月 1 日</strong></p>',
    '<p>本用户协议（“本协议”）是您与 Tessera 平台运营方（“Tessera”或“我们”）之间订立的合同，适用于您对 Tessera 网站、应用程序及各项服务（“服务”）的使用。当您在注册页面勾选同意并创建账号时，即表示您已阅读、理解并接受本协议，以及构成本协议组成部分的《隐私政策》《费率标准》和《风险提示》。</p>',

    '<h3>一、使用资格</h3>',
    '<ul>',
    '<li>您须年满 18 周岁，并具有订立本协议的完全民事行为能力。</li>',
    '<li>您不得是禁止数字资产服务的国家或地区的居民或位于该等地区，亦不得为受制裁人员。</li>',
    '<li>您有责任确保在您所在地使用本服务是合法的。</li>',
    '</ul>',

    '<h3>二、账号</h3>',
    '<ul>',
    '<li>您可使用邮箱或手机号注册，登录密码须为 6 至 16 位字母或数字。每人仅可持有一个账号。</li>',
    '<li>提币或进行法币交易前，您须另行设置 6 位数字的交易密码。</li>',
    '<li>您应妥善保管密码、验证码及设备。凡经正确登录后通过您账号进行的操作，均视为您本人的行为。</li>',
    '<li>多次登录失败后，为保护账号安全，账号将被锁定一段时间。如怀疑账号被盗用，请立即通知我们。</li>',
    '<li>您提供的信息须真实、准确并及时更新。部分绑定信息（如账号绑定的邮箱）一经设置不可更改。</li>',
    '</ul>',

    '<h3>三、身份认证</h3>',
    '<p>为遵守反洗钱及反恐怖融资规定，我们将核实用户身份。身份认证分为三级：</p>',
    '<ol>',
    '<li><strong>初级（Level 1）：</strong>真实姓名、国家或地区及证件号码。</li>',
    '<li><strong>中级（Level 2）：</strong>三张照片（证件正面、背面及手持证件照），JPG 或 PNG 格式，每张不超过 4 MB。</li>',
    '<li><strong>高级（Level 3）：</strong>包括地址证明在内的进阶审核，建议资产估值超过 20 BTC 的账户完成。</li>',
    '</ol>',
    '<p>部分服务仅在达到相应等级后开放。我们可随时要求您补充资料；如资料不完整、不一致或不真实，我们可拒绝或撤销认证。同一证件只能认证一个账号。</p>',

    '<h3>四、服务内容</h3>',
    '<ul>',
    '<li><strong>币币交易：</strong>在我们的订单簿上以 USDT 买卖数字资产，订单按价格优先、时间优先的原则撮合。</li>',
    '<li><strong>杠杆合约：</strong>以独立杠杆账户中的保证金开立多头或空头仓位，划转至杠杆账户的最低金额为 100 USDT。</li>',
    '<li><strong>秒合约：</strong>判断资产价格在固定周期结束时上涨或下跌的短周期合约，周期结束时自动结算。</li>',
    '<li><strong>法币交易：</strong>用户之间买卖 USDT 及其他支持的数字资产、并直接以法币付款的交易市场。订单进行期间由 Tessera 托管卖家的资产，但 Tessera 不是付款的当事方。</li>',
    '<li><strong>平台币认购：</strong>按每期公布的条件认购 Tessera Token（TSR）。</li>',
    '</ul>',
    '<p>我们可增加、变更、暂停或下线任何服务、交易对或币种，重大变更将尽可能提前公告。</p>',

    '<h3>五、充值、提币与划转</h3>',
    '<ul>',
    '<li>数字资产充值在 6 个网络确认后到账，通常需要 10 至 60 分钟。您须通过支持的网络向页面所示地址充值支持的币种，否则资产可能丢失。</li>',
    '<li>提币申请须经审核后发出，并受与认证等级相应的每日限额限制。提币一经广播至区块链网络即无法撤销。</li>',
    '<li>杠杆账户有未平仓位时，资金不能划出。</li>',
    '</ul>',

    '<h3>六、法币交易规则</h3>',
    '<ul>',
    '<li>买家须在 15 分钟内付款并标记已付款，否则订单将自动取消。</li>',
    '<li>用户同一天内取消 3 笔订单后，当日将被限制法币交易。</li>',
    '<li>付款须使用认证用户本人名下的账户。发生争议时，Tessera 可在调查期间冻结相关订单及资产。</li>',
    '</ul>',

    '<h3>七、费用</h3>',
    '<p>您同意按《费率标准》支付费用。每笔订单适用的手续费会在您确认前显示，并自动从相应账户中扣除。</p>',

    '<h3>八、风险</h3>',
    '<p>数字资产价格波动剧烈，可能损失全部价值。杠杆交易会同时放大盈利与亏损：当杠杆账户风险率降至 110% 及以下时，仓位将被自动强制平仓，您可能损失全部保证金。秒合约中，若价格未按您所选方向变动，您将损失投入金额。过往表现不代表未来结果。使用任何服务前请阅读《风险提示》，并仅使用您能够承受损失的资金进行交易。</p>',

    '<h3>九、禁止行为</h3>',
    '<p>您不得：</p>',
    '<ul>',
    '<li>利用本服务从事洗钱、欺诈、恐怖融资或其他违法活动；</li>',
    '<li>操纵市场，包括对敲交易、虚假挂单或合谋拉抬、打压价格；</li>',
    '<li>为他人开立账号、冒用他人身份，或出借、出售您的账号；</li>',
    '<li>攻击平台、使平台超负荷或对其进行逆向工程，或以超出公布限制的自动化方式访问平台；</li>',
    '<li>侵犯 Tessera、其他用户或第三方的权利。</li>',
    '</ul>',

    '<h3>十、暂停与终止</h3>',
    '<p>如法律要求、我们合理怀疑您违反本协议或存在安全风险，或应有权机关要求，我们可限制、暂停或关闭您的账号，撤销未成交订单并冻结资产。在了结全部未成交订单与仓位并提取资产后，您可随时注销账号。</p>',

    '<h3>十一、责任限制</h3>',
    '<p>本服务按“现状”提供。在法律允许的范围内，对于市场波动、您自身的作为或不作为、我们无法控制的网络或第三方，以及自然灾害、网络故障、法律变更等不可抗力造成的损失，Tessera 不承担责任。我们对您的责任总额以索赔前十二个月内您向我们支付的费用为限。</p>',

    '<h3>十二、隐私</h3>',
    '<p>我们将按照《隐私政策》处理您的个人信息，且仅用于提供服务、保障安全及履行法定义务。</p>',

    '<h3>十三、协议变更</h3>',
    '<p>我们可不时更新本协议，新版本将在平台公布；重大变更将在生效前通知您。生效日后您继续使用本服务，即视为接受更新后的协议。</p>',

    '<h3>十四、语言与联系方式</h3>',
    '<p>本协议提供多种语言版本，如各版本之间存在差异，以英文版本为准。如对本协议有任何疑问，请发送邮件至 support@tessera.example。</p>',
  ),
};
