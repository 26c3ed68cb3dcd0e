import { html } from './define';
import type { ArticleText } from './define';

/** The user agreement (category 30) in Japanese, Spanish and Arabic. */

export const agreementJp: ArticleText = {
  title: 'Tessera 利用規約',
  abstract: 'Tessera への登録およびご利用に適用される規約です。アカウントを作成する前に必ずお読みください。',
  content: html(
    '<p><strong>最終改定日：2026年6月1日</strong></p>',
    '<p>本利用規約（以下「本規約」）は、お客様と Tessera プラットフォームの運営者（以下「Tessera」または「当社」）との間の契約であり、Tessera のウェブサイト、アプリケーションおよびサービス（以下「本サービス」）のご利用に適用されます。登録画面で同意欄にチェックを入れてアカウントを作成した時点で、お客様は本規約ならびにその一部を構成するプライバシーポリシー、手数料一覧およびリスク説明書を読み、理解し、これに同意したものとみなされます。</p>',

    '<h3>第1条（利用資格）</h3>',
    '<ul>',
    '<li>18歳以上であり、本規約を締結する完全な行為能力を有している必要があります。</li>',
    '<li>デジタル資産サービスが禁止されている国・地域の居住者またはその国・地域に所在する方、および制裁の対象となっている方はご利用いただけません。</li>',
    '<li>お住まいの地域で本サービスを利用することが適法であることを確認する責任は、お客様にあります。</li>',
    '</ul>',

    '<h3>第2条（アカウント）</h3>',
    '<ul>',
    '<li>メールアドレスまたは携帯電話番号と、6〜16文字の英数字のログインパスワードで登録します。お一人様につき1アカウントのみ保有できます。</li>',
    '<li>出金や法定通貨マーケットでの取引の前に、6桁の数字による取引パスワードを別途設定していただく必要があります。</li>',
    '<li>パスワード、認証コードおよび端末の管理はお客様の責任で行ってください。正しくログインした後にお客様のアカウントで行われた操作は、すべてお客様ご本人によるものとみなします。</li>',
    '<li>ログインに繰り返し失敗した場合、アカウント保護のため一定時間ロックされます。不正アクセスの疑いがある場合は、直ちに当社へご連絡ください。</li>',
    '<li>ご提供いただく情報は真実かつ正確で、常に最新である必要があります。アカウントに連携したメールアドレスなど、一部の連携情報は一度設定すると変更できません。</li>',
    '</ul>',

    '<h3>第3条（本人確認）</h3>',
    '<p>マネー・ローンダリングおよびテロ資金供与対策に関する規則を遵守するため、当社はお客様の本人確認を行います。本人確認は3つのレベルで構成されます。</p>',
    '<ol>',
    '<li><strong>レベル1：</strong>氏名（本名）、国・地域、本人確認書類の番号</li>',
    '<li><strong>レベル2：</strong>写真3枚（書類の表面・裏面、書類を手に持ったご本人の写真）。JPGまたはPNG形式、1枚あたり4 MBまで</li>',
    '<li><strong>レベル3：</strong>住所確認書類を含む追加審査。資産評価額が20 BTCを超えるアカウントに推奨します。</li>',
    '</ol>',
    '<p>一部のサービスは、所定のレベルを完了した場合にのみご利用いただけます。当社はいつでも追加の情報を求めることができ、情報が不完全、不整合または虚偽である場合は、認証を拒否または取り消すことがあります。1つの本人確認書類で認証できるアカウントは1つのみです。</p>',

    '<h3>第4条（本サービスの内容）</h3>',
    '<ul>',
    '<li><strong>現物取引：</strong>当社の板でデジタル資産をUSDT建てで売買するサービスです。注文は価格優先・時間優先の原則で約定します。</li>',
    '<li><strong>レバレッジ取引：</strong>独立したレバレッジアカウントの証拠金でロングまたはショートのポジションを建てるサービスです。レバレッジアカウントへの最低振替額は100 USDTです。</li>',
    '<li><strong>秒契約：</strong>一定期間の終了時に資産価格が上昇しているか下落しているかを選ぶ短期の契約で、期間終了時に自動で決済されます。</li>',
    '<li><strong>法定通貨マーケット：</strong>ユーザー同士がUSDTなどの対応デジタル資産を売買し、法定通貨で直接代金を支払うマーケットです。注文の進行中は Tessera が売り手の資産を保管しますが、Tessera は支払いの当事者ではありません。</li>',
    '<li><strong>トークンの申し込み：</strong>各回に公表される条件に基づく Tessera トークン（TSR）の申し込みです。</li>',
    '</ul>',
    '<p>当社は、サービス、取引ペアまたは通貨を追加、変更、停止または廃止することがあり、重要な変更は可能な限り事前にお知らせします。</p>',

    '<h3>第5条（入金・出金・振替）</h3>',
    '<ul>',
    '<li>暗号資産の入金はネットワーク承認6回後に反映され、通常10〜60分ほどかかります。対応する通貨のみを、対応するネットワークで、表示されたアドレスに送付してください。それ以外の方法で送付された資産は失われる場合があります。</li>',
    '<li>出金申請は審査を経て送付され、本人確認レベルに応じた1日の上限額が適用されます。ネットワークに送信された出金は取り消すことができません。</li>',
    '<li>ポジション保有中は、レバレッジアカウントから資金を振り替えることはできません。</li>',
    '</ul>',

    '<h3>第6条（法定通貨マーケットのルール）</h3>',
    '<ul>',
    '<li>購入者は15分以内に代金を支払い、注文を支払済みにする必要があります。期限を過ぎた注文は自動的にキャンセルされます。</li>',
    '<li>1日に3件の注文をキャンセルしたユーザーは、その日の残りの時間、法定通貨取引が制限されます。</li>',
    '<li>代金は、本人確認済みのユーザーご本人名義の口座から支払う必要があります。紛争の調査中、Tessera は当該注文および関連資産を凍結することがあります。</li>',
    '</ul>',

    '<h3>第7条（手数料）</h3>',
    '<p>お客様は、手数料一覧に定める手数料を支払うことに同意します。各注文に適用される手数料は確定前に表示され、該当するアカウントから自動的に差し引かれます。</p>',

    '<h3>第8条（リスク）</h3>',
    '<p>デジタル資産は価格変動が非常に大きく、価値をすべて失う可能性があります。レバレッジ取引は利益と損失の両方を拡大します。レバレッジアカウントのリスク率が110%以下になると、ポジションは自動的に強制決済され、証拠金をすべて失う可能性があります。秒契約では、価格が選択した方向に動かなかった場合、投入額を失います。過去の実績は将来の結果を保証するものではありません。いずれのサービスをご利用になる前にもリスク説明書をお読みいただき、失っても問題のない資金の範囲でお取引ください。</p>',

    '<h3>第9条（禁止事項）</h3>',
    '<p>お客様は、以下の行為を行ってはなりません。</p>',
    '<ul>',
    '<li>マネー・ローンダリング、詐欺、テロ資金供与その他の違法な目的で本サービスを利用すること</li>',
    '<li>仮装売買、見せ玉、共謀による価格操作など、相場を操縦すること</li>',
    '<li>他人のためにアカウントを開設すること、他人の身元を使用すること、アカウントを貸与または売却すること</li>',
    '<li>プラットフォームを攻撃し、過負荷をかけ、またはリバースエンジニアリングすること、公表された上限を超えて自動化された手段でアクセスすること</li>',
    '<li>Tessera、他のユーザーまたは第三者の権利を侵害すること</li>',
    '</ul>',

    '<h3>第10条（利用停止および解約）</h3>',
    '<p>法令で求められる場合、本規約への違反やセキュリティ上のリスクが合理的に疑われる場合、または権限のある当局から要請があった場合、当社はアカウントの制限、停止または閉鎖、未約定注文の取消し、および資産の凍結を行うことがあります。お客様は、すべての未約定注文とポジションを整理し、資産を出金した後、いつでもアカウントを解約できます。</p>',

    '<h3>第11条（責任の制限）</h3>',
    '<p>本サービスは現状有姿で提供されます。法令で認められる範囲において、Tessera は、相場の変動、お客様ご自身の作為または不作為、当社の管理が及ばないネットワークや第三者、天災、通信障害、法令の変更などの不可抗力により生じた損失について責任を負いません。当社がお客様に対して負う責任の総額は、請求前の12か月間にお客様が当社に支払った手数料の額を上限とします。</p>',

    '<h3>第12条（プライバシー）</h3>',
    '<p>当社は、プライバシーポリシーに従ってお客様の個人情報を取り扱い、本サービスの提供、セキュリティの確保および法的義務の履行の目的にのみ利用します。</p>',

    '<h3>第13条（本規約の変更）</h3>',
    '<p>当社は本規約を随時変更することがあります。変更後の規約はプラットフォーム上に掲載し、重要な変更については効力発生前にお知らせします。効力発生日以降も本サービスをご利用になった場合、変更後の規約に同意したものとみなします。</p>',

    '<h3>第14条（言語およびお問い合わせ）</h3>',
    '<p>本規約は複数の言語で提供しています。各言語版の内容に相違がある場合は、英語版が優先します。本規約に関するお問い合わせは support@tessera.example までお送りください。</p>',
  ),
};

export const agreementSpa: ArticleText = {
  title: 'Acuerdo de usuario de Tessera',
  abstract: 'Las condiciones que se aplican al registrarse y usar Tessera. Léalas con atención antes de crear una cuenta.',
  content: html(
    '<p><strong>Última actualización: 1 de junio de 2026</strong></p>',
    '<p>Este Acuerdo de usuario (el «Acuerdo») es un contrato entre usted y el operador de la plataforma Tessera («Tessera», «nosotros»). Regula el uso del sitio web, las aplicaciones y los servicios de Tessera (los «Servicios»). Al marcar la casilla de la página de registro y crear una cuenta, usted confirma que ha leído, entendido y aceptado este Acuerdo, junto con nuestra Política de privacidad, la Tabla de comisiones y la Divulgación de riesgos, que forman parte de él.</p>',

    '<h3>1. Requisitos</h3>',
    '<ul>',
    '<li>Debe tener al menos 18 años y plena capacidad jurídica para celebrar este Acuerdo.</li>',
    '<li>No debe residir ni encontrarse en un país o región donde estén prohibidos los servicios de activos digitales, ni estar sujeto a sanciones.</li>',
    '<li>Usted es responsable de asegurarse de que el uso de los Servicios es legal en su lugar de residencia.</li>',
    '</ul>',

    '<h3>2. Su cuenta</h3>',
    '<ul>',
    '<li>Se registra con un correo electrónico o un número de teléfono móvil y una contraseña de inicio de sesión de 6 a 16 letras o dígitos. Cada persona solo puede tener una cuenta.</li>',
    '<li>Antes de retirar fondos u operar en el mercado fiat debe establecer una contraseña de fondos independiente de 6 dígitos.</li>',
    '<li>Usted es responsable de mantener seguros sus contraseñas, códigos de verificación y dispositivos. Todo lo que se haga con su cuenta tras un inicio de sesión correcto se considerará hecho por usted.</li>',
    '<li>Tras varios intentos fallidos de inicio de sesión, su cuenta se bloquea durante un tiempo para protegerla. Avísenos de inmediato si sospecha un acceso no autorizado.</li>',
    '<li>La información que facilite debe ser veraz, exacta y estar actualizada. Algunas vinculaciones, como el correo electrónico asociado a su cuenta, no se pueden cambiar una vez establecidas.</li>',
    '</ul>',

    '<h3>3. Verificación de identidad</h3>',
    '<p>Para cumplir la normativa de prevención del blanqueo de capitales y de la financiación del terrorismo, verificamos la identidad de nuestros usuarios. La verificación tiene tres niveles:</p>',
    '<ol>',
    '<li><strong>Nivel 1:</strong> su nombre completo, país o región y número de documento de identidad.</li>',
    '<li><strong>Nivel 2:</strong> tres fotos (anverso y reverso del documento y una foto suya sosteniéndolo), en formato JPG o PNG, de hasta 4 MB cada una.</li>',
    '<li><strong>Nivel 3:</strong> una revisión avanzada que incluye un justificante de domicilio, recomendada para cuentas cuyos activos superen un valor de 20 BTC.</li>',
    '</ol>',
    '<p>Algunos Servicios solo están disponibles a partir de un nivel determinado. Podemos solicitarle información adicional en cualquier momento y denegar o revocar la verificación si la información es incompleta, incoherente o falsa. Un documento de identidad solo puede verificar una cuenta.</p>',

    '<h3>4. Los Servicios</h3>',
    '<ul>',
    '<li><strong>Trading spot:</strong> compra y venta de activos digitales contra USDT en nuestro libro de órdenes. Las órdenes se ejecutan por prioridad de precio y, después, de tiempo.</li>',
    '<li><strong>Contratos apalancados:</strong> posiciones largas o cortas abiertas con el margen de una cuenta de apalancamiento independiente. La transferencia mínima a la cuenta de apalancamiento es de 100 USDT.</li>',
    '<li><strong>Contratos por segundos:</strong> contratos a corto plazo sobre si el precio de un activo será mayor o menor al final de un periodo fijo, que se liquidan automáticamente al terminar el periodo.</li>',
    '<li><strong>Mercado fiat:</strong> un mercado donde los usuarios compran y venden entre sí USDT y otros activos digitales admitidos, y pagan directamente en moneda fiat. Tessera custodia los activos del vendedor durante la orden, pero no es parte en el pago.</li>',
    '<li><strong>Suscripciones de tokens:</strong> suscripciones al Tessera Token (TSR) en las condiciones publicadas para cada ronda.</li>',
    '</ul>',
    '<p>Podemos añadir, modificar, suspender o retirar cualquier Servicio, par de trading o moneda, y anunciaremos con antelación los cambios importantes siempre que sea posible.</p>',

    '<h3>5. Depósitos, retiros y transferencias</h3>',
    '<ul>',
    '<li>Los depósitos de criptomonedas se acreditan tras 6 confirmaciones de red, lo que suele tardar entre 10 y 60 minutos. Debe enviar solo la moneda admitida, por la red admitida y a la dirección indicada; los activos enviados de otro modo pueden perderse.</li>',
    '<li>Las solicitudes de retiro se revisan antes de enviarse y están sujetas a límites diarios que dependen de su nivel de verificación. Un retiro no puede cancelarse una vez transmitido a la red.</li>',
    '<li>No se pueden transferir fondos fuera de la cuenta de apalancamiento mientras haya posiciones abiertas.</li>',
    '</ul>',

    '<h3>6. Normas del mercado fiat</h3>',
    '<ul>',
    '<li>El comprador debe pagar y marcar la orden como pagada en un plazo de 15 minutos; de lo contrario, la orden se cancela automáticamente.</li>',
    '<li>El usuario que cancele 3 órdenes en un mismo día queda restringido en el trading fiat durante el resto de ese día.</li>',
    '<li>Los pagos deben realizarse desde una cuenta a nombre del propio usuario verificado. Tessera puede congelar una orden y los activos relacionados mientras investiga una disputa.</li>',
    '</ul>',

    '<h3>7. Comisiones</h3>',
    '<p>Usted acepta pagar las comisiones establecidas en la Tabla de comisiones. La comisión aplicable a cada orden se muestra antes de confirmarla y se descuenta automáticamente de la cuenta correspondiente.</p>',

    '<h3>8. Riesgos</h3>',
    '<p>Los activos digitales son muy volátiles y pueden perder todo su valor. Las posiciones apalancadas amplifican las ganancias y las pérdidas: cuando la tasa de riesgo de su cuenta de apalancamiento baja al 110% o menos, sus posiciones se liquidan automáticamente y puede perder todo el margen. En los contratos por segundos pierde su importe si el precio no se mueve en la dirección elegida. Los resultados pasados no garantizan resultados futuros. Lea la Divulgación de riesgos antes de usar cualquier Servicio y opere solo con fondos que pueda permitirse perder.</p>',

    '<h3>9. Conductas prohibidas</h3>',
    '<p>Usted no debe:</p>',
    '<ul>',
    '<li>utilizar los Servicios para el blanqueo de capitales, el fraude, la financiación del terrorismo u otros fines ilícitos;</li>',
    '<li>manipular el mercado, incluidas las operaciones ficticias, las órdenes engañosas o los movimientos de precio concertados;</li>',
    '<li>abrir cuentas para terceros, usar la identidad de otra persona, o prestar o vender su cuenta;</li>',
    '<li>atacar, sobrecargar o aplicar ingeniería inversa a la plataforma, ni acceder a ella por medios automatizados por encima de los límites publicados;</li>',
    '<li>vulnerar los derechos de Tessera, de otros usuarios o de terceros.</li>',
    '</ul>',

    '<h3>10. Suspensión y terminación</h3>',
    '<p>Podemos restringir, suspender o cerrar su cuenta, cancelar órdenes abiertas y congelar activos cuando lo exija la ley, cuando sospechemos razonablemente un incumplimiento de este Acuerdo o un riesgo de seguridad, o a petición de una autoridad competente. Usted puede cerrar su cuenta en cualquier momento después de liquidar todas sus órdenes y posiciones abiertas y retirar sus activos.</p>',

    '<h3>11. Limitación de responsabilidad</h3>',
    '<p>Los Servicios se prestan «tal cual». En la medida permitida por la ley, Tessera no es responsable de las pérdidas causadas por los movimientos del mercado, por sus propias acciones u omisiones, por redes o terceros fuera de nuestro control, ni por causas de fuerza mayor como desastres naturales, fallos de red o cambios legislativos. Nuestra responsabilidad total frente a usted se limita a las comisiones que nos haya pagado en los doce meses anteriores a la reclamación.</p>',

    '<h3>12. Privacidad</h3>',
    '<p>Tratamos sus datos personales según lo descrito en la Política de privacidad, únicamente para prestar los Servicios, garantizar la seguridad y cumplir nuestras obligaciones legales.</p>',

    '<h3>13. Cambios en este Acuerdo</h3>',
    '<p>Podemos actualizar este Acuerdo periódicamente. Publicaremos la nueva versión en la plataforma y, en caso de cambios importantes, se lo notificaremos antes de su entrada en vigor. Si sigue usando los Servicios después de la fecha de entrada en vigor, acepta el Acuerdo actualizado.</p>',

    '<h3>14. Idioma y contacto</h3>',
    '<p>Este Acuerdo está disponible en varios idiomas; si las versiones difieren, prevalece la versión en inglés. Puede enviar sus preguntas sobre este Acuerdo a support@tessera.example.</p>',
  ),
};

export const agreementAra: ArticleText = {
  title: 'اتفاقية مستخدم Tessera',
  abstract: 'الشروط التي تسري عند تسجيلك في Tessera واستخدامها. يرجى قراءتها بعناية قبل إنشاء حساب.',
  content: html(
    '<p><strong>آخر تحديث: 1 يونيو 2026</strong></p>',
    '<p>اتفاقية المستخدم هذه («الاتفاقية») عقد بينك وبين مشغّل منصة Tessera («Tessera» أو «نحن»)، وتنظّم استخدامك لموقع Tessera وتطبيقاتها وخدماتها («الخدمات»). بتحديدك خانة الموافقة في صفحة التسجيل وإنشائك حسابًا، فإنك تؤكد أنك قرأت هذه الاتفاقية وفهمتها وقبلتها، إلى جانب سياسة الخصوصية وجدول الرسوم وبيان المخاطر التي تُعد جزءًا منها.</p>',

    '<h3>1. الأهلية</h3>',
    '<ul>',
    '<li>يجب ألا يقل عمرك عن 18 عامًا وأن تتمتع بالأهلية القانونية الكاملة لإبرام هذه الاتفاقية.</li>',
    '<li>يجب ألا تكون مقيمًا في بلد أو منطقة تُحظر فيها خدمات الأصول الرقمية أو موجودًا فيها، وألا تكون خاضعًا لعقوبات.</li>',
    '<li>تتحمل مسؤولية التأكد من أن استخدامك للخدمات قانوني في مكان إقامتك.</li>',
    '</ul>',

    '<h3>2. حسابك</h3>',
    '<ul>',
    '<li>تسجّل باستخدام بريد إلكتروني أو رقم هاتف محمول وكلمة مرور لتسجيل الدخول من 6 إلى 16 حرفًا أو رقمًا. لا يجوز للشخص الواحد امتلاك أكثر من حساب واحد.</li>',
    '<li>قبل سحب الأموال أو التداول في سوق العملات الورقية، يجب عليك تعيين كلمة مرور أموال منفصلة من 6 أرقام.</li>',
    '<li>أنت مسؤول عن الحفاظ على أمان كلمات المرور ورموز التحقق وأجهزتك. يُعد كل ما يتم عبر حسابك بعد تسجيل دخول صحيح صادرًا عنك.</li>',
    '<li>بعد محاولات متكررة فاشلة لتسجيل الدخول، يُقفل حسابك لفترة من الوقت لحمايته. أبلغنا فورًا إذا اشتبهت في وصول غير مصرّح به.</li>',
    '<li>يجب أن تكون المعلومات التي تقدمها صحيحة ودقيقة ومحدّثة. لا يمكن تغيير بعض عمليات الربط، مثل البريد الإلكتروني المرتبط بحسابك، بعد تعيينها.</li>',
    '</ul>',

    '<h3>3. التحقق من الهوية</h3>',
    '<p>للامتثال لقواعد مكافحة غسل الأموال وتمويل الإرهاب، نتحقق من هوية مستخدمينا. ويتكون التحقق من ثلاثة مستويات:</p>',
    '<ol>',
    '<li><strong>المستوى 1:</strong> اسمك الحقيقي وبلدك أو منطقتك ورقم وثيقة هويتك.</li>',
    '<li><strong>المستوى 2:</strong> ثلاث صور (الوجهان الأمامي والخلفي للوثيقة وصورة لك وأنت تحملها)، بصيغة JPG أو PNG وبحجم لا يتجاوز 4 MB لكل صورة.</li>',
    '<li><strong>المستوى 3:</strong> مراجعة متقدمة تشمل إثبات العنوان، ويُوصى بها للحسابات التي تتجاوز قيمة أصولها 20 BTC.</li>',
    '</ol>',
    '<p>بعض الخدمات متاحة فقط عند مستوى معين. يجوز لنا أن نطلب معلومات إضافية في أي وقت، وأن نرفض التحقق أو نلغيه إذا كانت المعلومات ناقصة أو غير متسقة أو غير صحيحة. لا يمكن استخدام وثيقة الهوية الواحدة إلا للتحقق من حساب واحد.</p>',

    '<h3>4. الخدمات</h3>',
    '<ul>',
    '<li><strong>التداول الفوري:</strong> بيع الأصول الرقمية وشراؤها مقابل USDT في دفتر أوامرنا. تُطابق الأوامر وفق أولوية السعر ثم أولوية الوقت.</li>',
    '<li><strong>عقود الرافعة المالية:</strong> مراكز شراء أو بيع تُفتح بهامش محفوظ في حساب رافعة مالية منفصل. الحد الأدنى للتحويل إلى حساب الرافعة المالية 100 USDT.</li>',
    '<li><strong>العقود بالثواني:</strong> عقود قصيرة الأجل على ما إذا كان سعر أصل ما سيكون أعلى أو أدنى في نهاية مدة محددة، وتُسوّى تلقائيًا عند انتهاء المدة.</li>',
    '<li><strong>سوق العملات الورقية:</strong> سوق يبيع فيه المستخدمون USDT وغيرها من الأصول الرقمية المدعومة ويشترونها فيما بينهم ويدفعون مباشرة بالعملة الورقية. تحتفظ Tessera بأصول البائع أثناء الطلب، لكنها ليست طرفًا في عملية الدفع.</li>',
    '<li><strong>الاكتتاب في الرموز:</strong> الاكتتاب في رمز Tessera (TSR) وفق الشروط المعلنة لكل جولة.</li>',
    '</ul>',
    '<p>يجوز لنا إضافة أي خدمة أو زوج تداول أو عملة أو تعديلها أو تعليقها أو سحبها، وسنعلن عن التغييرات الجوهرية مسبقًا كلما أمكن ذلك.</p>',

    '<h3>5. الإيداع والسحب والتحويل</h3>',
    '<ul>',
    '<li>تُضاف إيداعات العملات الرقمية بعد 6 تأكيدات على الشبكة، ويستغرق ذلك عادةً من 10 إلى 60 دقيقة. يجب أن ترسل العملة المدعومة فقط عبر الشبكة المدعومة إلى العنوان المعروض، وإلا فقد تُفقد الأصول.</li>',
    '<li>تُراجع طلبات السحب قبل إرسالها، وتخضع لحدود يومية تعتمد على مستوى التحقق. لا يمكن إلغاء السحب بعد بثه على الشبكة.</li>',
    '<li>لا يمكن تحويل الأموال من حساب الرافعة المالية أثناء وجود مراكز مفتوحة.</li>',
    '</ul>',

    '<h3>6. قواعد سوق العملات الورقية</h3>',
    '<ul>',
    '<li>يجب على المشتري الدفع وتحديد الطلب على أنه مدفوع خلال 15 دقيقة، وإلا يُلغى الطلب تلقائيًا.</li>',
    '<li>المستخدم الذي يلغي 3 طلبات في يوم واحد يُقيَّد تداوله للعملات الورقية لبقية ذلك اليوم.</li>',
    '<li>يجب أن يتم الدفع من حساب باسم المستخدم الموثَّق نفسه. يجوز لـ Tessera تجميد الطلب والأصول المرتبطة به أثناء التحقيق في أي نزاع.</li>',
    '</ul>',

    '<h3>7. الرسوم</h3>',
    '<p>توافق على دفع الرسوم المحددة في جدول الرسوم. تُعرض الرسوم المطبقة على كل أمر قبل تأكيده، وتُخصم تلقائيًا من الحساب المعني.</p>',

    '<h3>8. المخاطر</h3>',
    '<p>الأصول الرقمية شديدة التقلب وقد تفقد قيمتها بالكامل. تضاعف مراكز الرافعة المالية الأرباح والخسائر معًا: فعندما ينخفض معدل المخاطرة في حساب الرافعة المالية إلى 110% أو أقل، تتم تصفية مراكزك تلقائيًا وقد تخسر الهامش بالكامل. وفي العقود بالثواني تخسر المبلغ إذا لم يتحرك السعر في الاتجاه الذي اخترته. الأداء السابق لا يضمن النتائج المستقبلية. يرجى قراءة بيان المخاطر قبل استخدام أي خدمة، وعدم التداول إلا بأموال يمكنك تحمّل خسارتها.</p>',

    '<h3>9. السلوك المحظور</h3>',
    '<p>لا يجوز لك:</p>',
    '<ul>',
    '<li>استخدام الخدمات لغسل الأموال أو الاحتيال أو تمويل الإرهاب أو لأي غرض غير قانوني آخر؛</li>',
    '<li>التلاعب بالسوق، بما في ذلك التداول الوهمي والأوامر المضللة وتحريك الأسعار بالتنسيق مع الآخرين؛</li>',
    '<li>فتح حسابات لصالح الغير أو استخدام هوية شخص آخر أو إعارة حسابك أو بيعه؛</li>',
    '<li>مهاجمة المنصة أو إثقالها أو إجراء هندسة عكسية لها، أو الوصول إليها بوسائل آلية تتجاوز الحدود المعلنة؛</li>',
    '<li>التعدي على حقوق Tessera أو المستخدمين الآخرين أو أي طرف ثالث.</li>',
    '</ul>',

    '<h3>10. التعليق والإنهاء</h3>',
    '<p>يجوز لنا تقييد حسابك أو تعليقه أو إغلاقه، وإلغاء الأوامر المفتوحة وتجميد الأصول، متى اقتضى القانون ذلك، أو عند الاشتباه المعقول في مخالفة هذه الاتفاقية أو وجود خطر أمني، أو بناءً على طلب جهة مختصة. ويمكنك إغلاق حسابك في أي وقت بعد تسوية جميع الأوامر والمراكز المفتوحة وسحب أصولك.</p>',

    '<h3>11. حدود المسؤولية</h3>',
    '<p>تُقدَّم الخدمات «كما هي». وفي الحدود التي يسمح بها القانون، لا تتحمل Tessera المسؤولية عن الخسائر الناجمة عن تحركات السوق، أو عن أفعالك أو إغفالاتك، أو عن الشبكات أو الأطراف الثالثة الخارجة عن سيطرتنا، أو عن القوة القاهرة مثل الكوارث الطبيعية وأعطال الشبكات وتغيّر القوانين. وتقتصر مسؤوليتنا الإجمالية تجاهك على الرسوم التي دفعتها لنا خلال الاثني عشر شهرًا السابقة للمطالبة.</p>',

    '<h3>12. الخصوصية</h3>',
    '<p>نعالج بياناتك الشخصية وفق ما هو موضح في سياسة الخصوصية، ولأغراض تقديم الخدمات والحفاظ على الأمان والوفاء بالتزاماتنا القانونية فقط.</p>',

    '<h3>13. تعديل هذه الاتفاقية</h3>',
    '<p>يجوز لنا تحديث هذه الاتفاقية من وقت لآخر. سننشر النسخة الجديدة على المنصة، وسنخطرك بالتغييرات الجوهرية قبل سريانها. إذا واصلت استخدام الخدمات بعد تاريخ السريان، فإنك تقبل الاتفاقية المحدّثة.</p>',

    '<h3>14. اللغة والتواصل</h3>',
    '<p>تتوفر هذه الاتفاقية بعدة لغات، وفي حال وجود اختلاف بين النسخ تسود النسخة الإنجليزية. يمكنك إرسال أسئلتك حول هذه الاتفاقية إلى support@tessera.example.</p>',
  ),
};
